import type { EventDto } from '../../../shared/schemas/events';
import { withNodes } from '../../i18n/with-nodes';
import { MemberName } from '../../shared/members/member-name';
import { i18n } from './locales/i18n';

/**
 * What a member sees instead of an invite-only event's address, participants, images or comments
 * when the server withheld them (viewer.can_see_details is false; DECISIONS "Privacy and trust").
 */
export function DetailsWithheld({ event }: { event: Pick<EventDto, 'creator_name' | 'created_by'> }) {
  return (
    <div className="event-withheld" role="note">
      <span className="event-withheld-mark" aria-hidden="true">
        ✉
      </span>
      <div>
        <p className="event-withheld-title">{i18n.t('Details are shared with invited members.')}</p>
        <p className="event-withheld-text">
          {i18n.t(
            'This event is by invitation only: its address, participants, images and comments are for its host, its participants and the members it invites.',
          )}{' '}
          {event.creator_name
            ? // Her name links to her profile (issue 22), where the member may write to her.
              withNodes((m) => i18n.t('{host} can send you an invitation.', m), {
                host: <MemberName id={event.created_by} name={event.creator_name} />,
              })
            : i18n.t('Its host can send you an invitation.')}
        </p>
      </div>
    </div>
  );
}
