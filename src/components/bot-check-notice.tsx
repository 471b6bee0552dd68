// docs/product.md §7 bot check: the badge is hidden (src/platform/bot-check.css), so Google's terms require
// this text near each protected form (login, register, posting, mail). Presentational: render it
// only when the check is on (isBotCheckEnabled()); the links are the caller's (RECAPTCHA_ATTRIBUTION).
import { Trans } from 'react-i18next';

type BotCheckNoticeProps = { privacyUrl: string; termsUrl: string };

export function BotCheckNotice({ privacyUrl, termsUrl }: BotCheckNoticeProps) {
  return (
    <p className="bot-check-notice">
      <Trans
        i18nKey="platform.botCheck.attribution"
        components={{
          privacy: <a href={privacyUrl} target="_blank" rel="noreferrer noopener" />,
          terms: <a href={termsUrl} target="_blank" rel="noreferrer noopener" />,
        }}
      />
    </p>
  );
}
