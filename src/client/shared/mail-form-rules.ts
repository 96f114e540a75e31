import type { FieldErrorMap } from '../components/use-form-errors';
import { i18n } from './i18n';

// The two forms that write an email (Send Message, and an event's Draft Announcement Email) check
// it the same way: SPEC 5's 'Subject and body are required.' as the form's summary, and under
// each field what it lacks.

const noSubject = () => i18n.t('Please enter a subject.');
const noBody = () => i18n.t('Please write the message.');

export function subjectAndBodyErrors(subject: string, body: string): FieldErrorMap {
  return {
    subject: !subject.trim() ? noSubject() : /[\r\n]/.test(subject) ? i18n.t('The subject must be a single line.') : undefined,
    body: body.trim() ? undefined : noBody(),
  };
}

/** SPEC's summary while the subject or the body is missing, else ''. */
export function subjectAndBodySummary(errors: FieldErrorMap): string {
  return errors.subject === noSubject() || errors.body === noBody() ? i18n.t('Subject and body are required.') : '';
}
