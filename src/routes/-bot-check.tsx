// docs/product.md §5 bot check, issue #6: the reCAPTCHA attribution under each protected form (login,
// register, forgot password, the composer), shown only when a site key is configured.
import { BotCheckNotice } from '../components/bot-check-notice';
import { currentBotCheckNoticeLinks } from '../platform/bot-check';

export function FormBotCheckNotice() {
  const links = currentBotCheckNoticeLinks();
  return links ? <BotCheckNotice privacyUrl={links.privacyUrl} termsUrl={links.termsUrl} /> : null;
}
