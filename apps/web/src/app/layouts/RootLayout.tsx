import { Outlet } from 'react-router';
import { SiteGate } from '../gate/SiteGate';
import { useSiteBranding } from '../gate/useSiteBranding';
import { NavigationBridge } from '../NavigationBridge';
import { SessionBootstrap } from '../session/useSessionBootstrap';
import { RouteFocus } from './RouteFocus';

/**
 * The top of the route tree: every page sits behind the site gate (SPEC §4 "Site"), and the session
 * bootstrap (user refresh, heartbeat) runs beside it; after each route change focus moves to the
 * new page's heading.
 */
export function RootLayout() {
  useSiteBranding();
  return (
    <>
      <NavigationBridge />
      <RouteFocus />
      <SessionBootstrap />
      <SiteGate>
        <Outlet />
      </SiteGate>
    </>
  );
}

/** Shown by the router while the first route chunk downloads; blank so it blends into the gate. */
export function RouterFallback() {
  return <div className="min-h-dvh bg-background" />;
}
