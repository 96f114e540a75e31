import type { EventDto } from '../../../shared/schemas/events';
import { MemberName } from '../../shared/members/member-name';

/** The calm line that stands where an invite-only event's details would be. */
export const DETAILS_WITHHELD = 'Details are shared with invited members.';

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
        <p className="event-withheld-title">{DETAILS_WITHHELD}</p>
        <p className="event-withheld-text">
          This event is by invitation only: its address, participants, images and comments are for its host, its participants and the
          members it invites.{' '}
          {event.creator_name ? (
            // Her name links to her profile (issue 22), where the member may write to her.
            <>
              <MemberName id={event.created_by} name={event.creator_name} /> can send you an invitation.
            </>
          ) : (
            'Its host can send you an invitation.'
          )}
        </p>
      </div>
    </div>
  );
}
