import { LinkifiedText } from '../comments/linkified-text';
import { i18n } from '../i18n';
import './message-text.css';

/**
 * A message's text as written: plain text with its line breaks (the CSS's pre-wrap) and its links
 * made clickable, never markup; in place of a deleted one "Message deleted", of one the admins
 * removed "Removed by the club's admins".
 */
export function MessageText({ body, removed, className = '' }: { body: string | null; removed?: boolean; className?: string }) {
  if (body === null)
    return (
      <p className={`message-text message-text-gone ${className}`.trim()}>
        {removed ? i18n.t("Removed by the club's admins") : i18n.t('Message deleted')}
      </p>
    );
  return (
    <p className={`message-text ${className}`.trim()}>
      <LinkifiedText text={body} />
    </p>
  );
}
