/**
 * SPEC 5's defaults of an empty create form: the server fills them in (events.ts valuesForCreate)
 * and the Create Event modal's last step names them before she creates (issue 46).
 */
export const EVENT_CREATE_DEFAULTS = {
  title: 'New Event',
  type: 'entertainment',
  description: 'Default description',
  start_time: '16:00',
  end_time: '21:00',
  location: 'Unset',
} as const;
