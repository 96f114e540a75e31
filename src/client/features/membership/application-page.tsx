import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { APPLICATION_MEMBERSHIP_TYPES, AVAILABILITY, INTERESTS, PROPERTY_AVAILABILITY } from '../../../shared/constants';
import {
  applicationNeedsProperty,
  ApplicationDetailsSchema,
  ApplicationPersonalSchema,
  REQUIRED_FIELDS,
  type ApplicationInput,
} from '../../../shared/schemas/application';
import { ENTER_CODE, INVALID_CODE } from '../../../shared/schemas/membership';
import type { CountryCode } from '../../../shared/schemas/phone';
import { ChoiceFieldset, FormMessage, SelectField, TextAreaField, TextField } from '../../components/field';
import { useFormErrors, zodFieldErrors, type FieldErrorMap } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { keptPhone, PhoneField } from '../../shared/phone/phone-field';
import { translateText } from '../../i18n/i18n';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from './locales/i18n';
import './membership.css';

const STEPS = [/*i18n*/ 'Invitation Code', /*i18n*/ 'Personal Information', /*i18n*/ 'Additional Information'] as const;

/**
 * The form's choices in the page's language (the value sent stays the English one SPEC names);
 * SPEC's 'Showcases (of Art and Media)' is labelled 'Art Displays'.
 */
const choiceLabel = (value: string): string =>
  ({
    Travel: i18n.t('Travel'),
    Shows: i18n.t('Shows'),
    Workshops: i18n.t('Workshops'),
    Showcases: i18n.t('Art Displays'),
    Weekdays: i18n.t('Weekdays'),
    Weekends: i18n.t('Weekends'),
    Flexible: i18n.t('Flexible'),
    Standard: i18n.t('Standard'),
    'Travel Host': i18n.t('Travel Host'),
    'Available Now': i18n.t('Available Now'),
    Seasonal: i18n.t('Seasonal'),
  })[value] ?? value;

const EMPTY = {
  invitationCode: '',
  full_name: '',
  email: '',
  phone: '',
  reason: '',
  interests: [] as string[],
  availability: '',
  membershipType: '',
  propertyAddress: '',
  propertyType: '',
  propertyDescription: '',
  propertyAvailability: '',
  referral: '',
  comments: '',
  /** How a phone number typed without + is read (issue 46; '' her browser's region): not sent, the number is sent as it will be kept. */
  phoneCountry: '' as CountryCode | '',
};
type Values = typeof EMPTY;

/** What the server is sent: the phone as it will be kept (E.164, read in her chosen country). */
function payloadOf({ phoneCountry, ...values }: Values): ApplicationInput {
  return { ...values, phone: keptPhone(values.phone, phoneCountry) } as unknown as ApplicationInput;
}

/** A step's rules: step 1 asks for a code (the server checks it), steps 2 and 3 are SPEC 5's schemas. */
function stepErrors(step: number, values: Values): FieldErrorMap {
  if (step === 1) return { invitationCode: values.invitationCode.trim() ? undefined : i18n._(ENTER_CODE) };
  return zodFieldErrors((step === 2 ? ApplicationPersonalSchema : ApplicationDetailsSchema).safeParse(payloadOf(values)).error);
}

/**
 * Under a field, SPEC 5's 'Please fill out all required fields.' (in the page's language, as the
 * schema's and the server's messages come) says what this one lacks; the form's summary keeps SPEC's text.
 */
function fieldText(name: string, message: string | undefined): string | undefined {
  if (message !== i18n._(REQUIRED_FIELDS)) return message;
  return name === 'interests' ? i18n.t('Choose at least one interest.') : i18n.t('Please fill out this field.');
}

/** SPEC 2 'Club Application': three steps, then the success step (4). */
export function ApplicationPage() {
  const trpc = useTRPC();
  const [step, setStep] = useState(1);
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState('');
  const form = useFormErrors({ values, validate: (v) => stepErrors(step, v) });
  const fieldError = (name: keyof Values) => fieldText(name, form.errors[name]);
  const required = i18n._(REQUIRED_FIELDS);
  const summary = Object.values(form.errors).includes(required) ? required : '';
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Move focus to the new step's title so keyboard and screen-reader users follow along; a new
    // step (the success one above all) starts at the top of the page, like a page of its own.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const validateCode = useMutation(
    trpc.membership.validateCode.mutationOptions({
      onSuccess: (result) => {
        if (result.valid) setStep(2);
        // The server's answer is SPEC's English text: shown in the page's language.
        else form.show({ invitationCode: translateText(result.error ?? INVALID_CODE) });
      },
      onError: () => setError(i18n.t('Failed to validate code. Please try again later.')),
    }),
  );

  const submit = useMutation(
    trpc.membership.submitApplication.mutationOptions({
      onSuccess: () => {
        setValues((v) => ({ ...EMPTY, phoneCountry: v.phoneCountry }));
        setError('');
        form.clear();
        setStep(4);
      },
      onError: (err) => {
        form.show(fieldErrors(err));
        const message = errorMessage(err, '');
        setError(message ? i18n.t('Submission failed. {message}', { message }) : i18n.t('Submission failed. Please try again.'));
      },
    }),
  );

  function next(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (!form.check()) return;
    if (step === 1) validateCode.mutate({ code: values.invitationCode });
    else if (step === 2) setStep(3);
    else submit.mutate(payloadOf(values));
  }

  function back() {
    setError('');
    form.clear();
    setStep((s) => Math.max(1, s - 1));
  }

  function toggleInterest(interest: string, checked: boolean) {
    set('interests', checked ? [...values.interests, interest] : values.interests.filter((i) => i !== interest));
  }

  if (step === 4) {
    return (
      <section className="page wizard">
        <div className="card success-panel" role="status">
          <div className="success-mark" aria-hidden="true">
            ✓
          </div>
          <h1 ref={heading} tabIndex={-1} className="wizard-step-title">
            {i18n.t('Application Submitted Successfully!')}
          </h1>
          <p className="lead center" style={{ marginInline: 'auto' }}>
            {i18n.t(
              'Thank you for applying. An administrator will review your application, and you will receive an email with your invitation to register once it is accepted.',
            )}
          </p>
          <p className="muted center">{i18n.t('We have also sent you an email saying so, with what happens next.')}</p>
          {/* Issue 46: Home first; SPEC 2's 'Back to Login' stays beside it. */}
          <div className="success-actions">
            <Link href="/home" className="button">
              {i18n.t('Home')}
            </Link>
            <Link href="/login" className="button button-secondary">
              {i18n.t('Back to Login')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const busy = validateCode.isPending || submit.isPending;
  const host = applicationNeedsProperty(values.membershipType);

  return (
    <section className="page wizard">
      <p className="eyebrow">{i18n.t('Membership by invitation')}</p>
      <h1>{i18n.t('Club Application')}</h1>
      <ol className="wizard-steps" aria-label={i18n.t('Application steps')}>
        {STEPS.map((label, i) => (
          <li
            key={label}
            data-state={i + 1 < step ? 'done' : i + 1 === step ? 'current' : 'todo'}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span>
              {i + 1}. {i18n._(label)}
            </span>
          </li>
        ))}
      </ol>
      <form className="card form-card" onSubmit={next} {...form.formProps}>
        <h2 ref={heading} tabIndex={-1} className="wizard-step-title">
          {i18n._(STEPS[step - 1]!)}
        </h2>

        {step === 1 ? (
          <>
            <p className="muted">{i18n.t('Membership is by invitation. Enter the code a member or the club gave you.')}</p>
            <TextField
              label={i18n.t('Invitation Code')}
              name="invitationCode"
              error={fieldError('invitationCode')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              value={values.invitationCode}
              onChange={(e) => set('invitationCode', e.target.value)}
            />
          </>
        ) : null}

        {step === 2 ? (
          <>
            <TextField
              label={i18n.t('Full Name')}
              name="full_name"
              error={fieldError('full_name')}
              autoComplete="name"
              required
              maxLength={100}
              value={values.full_name}
              onChange={(e) => set('full_name', e.target.value)}
            />
            <TextField
              label={i18n.t('Email Address')}
              name="email"
              error={fieldError('email')}
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
            />
            <PhoneField
              label={i18n.t('Phone Number')}
              name="phone"
              error={fieldError('phone')}
              required
              value={values.phone}
              onChange={(phone) => set('phone', phone)}
              country={values.phoneCountry}
              onCountry={(country) => set('phoneCountry', country)}
            />
            <TextAreaField
              label={i18n.t('Why do you want to join the club?')}
              name="reason"
              error={fieldError('reason')}
              required
              maxLength={2000}
              rows={4}
              value={values.reason}
              onChange={(e) => set('reason', e.target.value)}
            />
            <ChoiceFieldset legend={i18n.t('Interests (choose at least one)')} error={fieldError('interests')}>
              {({ invalid }) => (
                <div className="choice-grid">
                  {INTERESTS.map((interest) => (
                    <label key={interest} className="checkbox">
                      <input
                        type="checkbox"
                        name="interests"
                        value={interest}
                        aria-invalid={invalid}
                        checked={values.interests.includes(interest)}
                        onChange={(e) => toggleInterest(interest, e.target.checked)}
                      />
                      {choiceLabel(interest)}
                    </label>
                  ))}
                </div>
              )}
            </ChoiceFieldset>
          </>
        ) : null}

        {step === 3 ? (
          <>
            <SelectField
              label={i18n.t('Availability')}
              name="availability"
              error={fieldError('availability')}
              required
              value={values.availability}
              onChange={(e) => set('availability', e.target.value)}
            >
              <option value="">{i18n.t('Select…')}</option>
              {AVAILABILITY.map((a) => (
                <option key={a} value={a}>
                  {choiceLabel(a)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={i18n.t('Membership Type')}
              name="membershipType"
              error={fieldError('membershipType')}
              required
              value={values.membershipType}
              onChange={(e) => set('membershipType', e.target.value)}
            >
              <option value="">{i18n.t('Select…')}</option>
              {APPLICATION_MEMBERSHIP_TYPES.map((t) => (
                <option key={t} value={t}>
                  {choiceLabel(t)}
                </option>
              ))}
            </SelectField>
            {host ? (
              <fieldset className="property-fields">
                <legend>{i18n.t('Your property')}</legend>
                <TextField
                  label={i18n.t('Property Address')}
                  name="propertyAddress"
                  error={fieldError('propertyAddress')}
                  autoComplete="street-address"
                  required
                  maxLength={300}
                  value={values.propertyAddress}
                  onChange={(e) => set('propertyAddress', e.target.value)}
                />
                <TextField
                  label={i18n.t('Property Type')}
                  name="propertyType"
                  error={fieldError('propertyType')}
                  required
                  maxLength={100}
                  placeholder={i18n.t('House, apartment, cabin…')}
                  value={values.propertyType}
                  onChange={(e) => set('propertyType', e.target.value)}
                />
                <TextAreaField
                  label={i18n.t('Property Description')}
                  name="propertyDescription"
                  error={fieldError('propertyDescription')}
                  required
                  maxLength={2000}
                  rows={3}
                  value={values.propertyDescription}
                  onChange={(e) => set('propertyDescription', e.target.value)}
                />
                <SelectField
                  label={i18n.t('Property Availability')}
                  name="propertyAvailability"
                  error={fieldError('propertyAvailability')}
                  required
                  value={values.propertyAvailability}
                  onChange={(e) => set('propertyAvailability', e.target.value)}
                >
                  <option value="">{i18n.t('Select…')}</option>
                  {PROPERTY_AVAILABILITY.map((a) => (
                    <option key={a} value={a}>
                      {choiceLabel(a)}
                    </option>
                  ))}
                </SelectField>
              </fieldset>
            ) : null}
            <TextField
              label={i18n.t('How did you hear about us?')}
              name="referral"
              error={fieldError('referral')}
              maxLength={500}
              value={values.referral}
              onChange={(e) => set('referral', e.target.value)}
            />
            <TextAreaField
              label={i18n.t('Comments (optional)')}
              name="comments"
              error={fieldError('comments')}
              maxLength={2000}
              rows={3}
              value={values.comments}
              onChange={(e) => set('comments', e.target.value)}
            />
          </>
        ) : null}

        <FormMessage>{summary || error}</FormMessage>
        <div className="wizard-actions">
          <button type="button" className="button button-ghost" onClick={back} disabled={step === 1 || busy}>
            {i18n.t('Back')}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {step === 3
              ? submit.isPending
                ? i18n.t('Submitting…')
                : i18n.t('Submit Application')
              : validateCode.isPending
                ? i18n.t('Checking…')
                : i18n.t('Next')}
          </button>
        </div>
      </form>
      <p className="muted center" style={{ marginTop: 'var(--space-4)' }}>
        {withNodes((m) => i18n.t('Already a member? {login}', m), { login: <Link href="/login">{i18n.t('Log in')}</Link> })}
      </p>
    </section>
  );
}
