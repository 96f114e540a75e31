import { MESSAGE_DELETED_TEXT, MESSAGE_REMOVED_TEXT } from '../../../shared/schemas/messages';
import { LinkifiedText } from '../comments/linkified-text';
import './message-text.css';

/**
 * A message's text as written: plain text with its line breaks (the CSS's pre-wrap) and its links
 * made clickable, never markup; in place of a deleted one "Message deleted", of one the admins
 * removed "Removed by the club's admins".
 */
export function MessageText({ body, removed, className = '' }: { body: string | null; removed?: boolean; className?: string }) {
  if (body === null)
    return <p className={`message-text message-text-gone ${className}`.trim()}>{removed ? MESSAGE_REMOVED_TEXT : MESSAGE_DELETED_TEXT}</p>;
  return (
    <p className={`message-text ${className}`.trim()}>
      <LinkifiedText text={body} />
    </p>
  );
}
