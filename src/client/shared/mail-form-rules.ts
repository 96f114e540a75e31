import type { FieldErrorMap } from '../components/use-form-errors';

// The two forms that write an email (Send Message, and an event's Draft Announcement Email) check
// it the same way: SPEC 5's 'Subject and body are required.' as the form's summary, and under
// each field what it lacks.

export const SUBJECT_AND_BODY = 'Subject and body are required.';
const NO_SUBJECT = 'Please enter a subject.';
const NO_BODY = 'Please write the message.';

export function subjectAndBodyErrors(subject: string, body: string): FieldErrorMap {
  return {
    subject: !subject.trim() ? NO_SUBJECT : /[\r\n]/.test(subject) ? 'The subject must be a single line.' : undefined,
    body: body.trim() ? undefined : NO_BODY,
  };
}

/** SPEC's summary while the subject or the body is missing, else ''. */
export function subjectAndBodySummary(errors: FieldErrorMap): string {
  return errors.subject === NO_SUBJECT || errors.body === NO_BODY ? SUBJECT_AND_BODY : '';
}
