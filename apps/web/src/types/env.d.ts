/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time API base, e.g. `https://api.example.com/api/v1`; empty means "same origin". */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/**
 * Runtime configuration an operator can inject before the bundle loads (e.g. a `<script>` in
 * index.html written by the reverse proxy), so one build serves any domain (SPEC §7 "overridable
 * at runtime").
 */
interface OpenBrokerRuntimeConfig {
  apiBaseUrl?: string;
}

interface Window {
  __OPENBROKER__?: OpenBrokerRuntimeConfig;
}
