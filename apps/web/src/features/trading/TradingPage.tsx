import { SectionPage } from '@/components/SectionPage';
import { StandaloneFrame } from '@/components/StandaloneFrame';

/** `/trading` (protected; SPEC shows no content). */
export function TradingPage() {
  return (
    <StandaloneFrame>
      <SectionPage title="Trading" />
    </StandaloneFrame>
  );
}
