import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { APPLICATION_MEMBERSHIP_TYPES, AVAILABILITY, INTEREST_LABELS, INTERESTS, PROPERTY_AVAILABILITY } from '../../../shared/constants';
import {
  applicationNeedsProperty,
  ApplicationDetailsSchema,
  ApplicationPersonalSchema,
  ENTER_CODE,
  INVALID_CODE,
  INVALID_PHONE,
  PHONE_PATTERN,
  REQUIRED_FIELDS,
  type ApplicationInput,
} from '../../../shared/schemas/membership';
import { FormMessage, SelectField, TextAreaField, TextField } from '../../components/field';
import { errorMessage, useTRPC } from '../../lib/trpc';
import './membership.css';

const STEPS = ['Invitation Code', 'Personal Information', 'Additional Information'] as const;

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
};
type Values = typeof EMPTY;

/** The message of a failed step check: the "required" text first, as SPEC 5 orders them. */
function stepError(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  if (result.success || !result.error) return '';
  const messages = result.error.issues.map((i) => i.message);
  return messages.includes(REQUIRED_FIELDS) ? REQUIRED_FIELDS : (messages[0] ?? REQUIRED_FIELDS);
}

/** SPEC 2 'Club Application': three steps, then the success step (4). */
export function ApplicationPage() {
  const trpc = useTRPC();
  const [step, setStep] = useState(1);
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState('');
  const [phoneWarning, setPhoneWarning] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Move focus to the new step's title so keyboard and screen-reader users follow along.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const validateCode = useMutation(
    trpc.membership.validateCode.mutationOptions({
      onSuccess: (result) => {
        if (result.valid) {
          setError('');
          setStep(2);
        } else setError(result.error ?? INVALID_CODE);
      },
      onError: () => setError('Failed to validate code. Please try again later.'),
    }),
  );

  const submit = useMutation(
    trpc.membership.submitApplication.mutationOptions({
      onSuccess: () => {
        setValues(EMPTY);
        setPhoneWarning('');
        setError('');
        setStep(4);
      },
      onError: (err) => {
        const message = errorMessage(err, '');
        setError(message ? `Submission failed. ${message}` : 'Submission failed. Please try again.');
      },
    }),
  );

  function checkPhone(phone: string) {
    setPhoneWarning(phone.trim() && !PHONE_PATTERN.test(phone.trim()) ? INVALID_PHONE : '');
  }

  function next(e: FormEvent) {
    e.preventDefault();
    if (step === 1) {
      if (!values.invitationCode.trim()) return setError(ENTER_CODE);
      setError('');
      return validateCode.mutate({ code: values.invitationCode });
    }
    if (step === 2) {
      checkPhone(values.phone);
      const message = stepError(ApplicationPersonalSchema.safeParse(values));
      setError(message);
      if (!message) setStep(3);
      return;
    }
    if (step === 3) {
      const message = stepError(ApplicationDetailsSchema.safeParse(values));
      setError(message);
      if (!message) submit.mutate(values as unknown as ApplicationInput);
    }
  }

  function back() {
    setError('');
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
            Application Submitted Successfully!
          </h1>
          <p className="lead center" style={{ marginInline: 'auto' }}>
            Thank you for applying. An administrator will review your application, and you will receive an email with your invitation to
            register once it is accepted.
          </p>
          <Link href="/login" className="button">
            Back to Login
          </Link>
        </div>
      </section>
    );
  }

  const busy = validateCode.isPending || submit.isPending;
  const host = applicationNeedsProperty(values.membershipType);

  return (
    <section className="page wizard">
      <p className="eyebrow">Membership by invitation</p>
      <h1>Club Application</h1>
      <ol className="wizard-steps" aria-label="Application steps">
        {STEPS.map((label, i) => (
          <li
            key={label}
            data-state={i + 1 < step ? 'done' : i + 1 === step ? 'current' : 'todo'}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span>
              {i + 1}. {label}
            </span>
          </li>
        ))}
      </ol>
      <form className="card form-card" onSubmit={next} noValidate>
        <h2 ref={heading} tabIndex={-1} className="wizard-step-title">
          {STEPS[step - 1]}
        </h2>

        {step === 1 ? (
          <>
            <p className="muted">Membership is by invitation. Enter the code a member or the club gave you.</p>
            <TextField
              label="Invitation Code"
              name="invitationCode"
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
              label="Full Name"
              name="full_name"
              autoComplete="name"
              required
              maxLength={100}
              value={values.full_name}
              onChange={(e) => set('full_name', e.target.value)}
            />
            <TextField
              label="Email Address"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
            />
            <TextField
              label="Phone Number"
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              maxLength={40}
              hint="Country code, a hyphen, then 10 digits, for example 1-5551234567."
              value={values.phone}
              onChange={(e) => set('phone', e.target.value)}
              onBlur={(e) => checkPhone(e.target.value)}
            />
            {phoneWarning ? (
              <p className="field-warning" role="status">
                {phoneWarning}
              </p>
            ) : null}
            <TextAreaField
              label="Why do you want to join the club?"
              name="reason"
              required
              maxLength={2000}
              rows={4}
              value={values.reason}
              onChange={(e) => set('reason', e.target.value)}
            />
            <fieldset>
              <legend>Interests (choose at least one)</legend>
              <div className="choice-grid">
                {INTERESTS.map((interest) => (
                  <label key={interest} className="checkbox">
                    <input
                      type="checkbox"
                      name="interests"
                      value={interest}
                      checked={values.interests.includes(interest)}
                      onChange={(e) => toggleInterest(interest, e.target.checked)}
                    />
                    {INTEREST_LABELS[interest]}
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        ) : null}

        {step === 3 ? (
          <>
            <SelectField
              label="Availability"
              name="availability"
              required
              value={values.availability}
              onChange={(e) => set('availability', e.target.value)}
            >
              <option value="">Select…</option>
              {AVAILABILITY.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Membership Type"
              name="membershipType"
              required
              value={values.membershipType}
              onChange={(e) => set('membershipType', e.target.value)}
            >
              <option value="">Select…</option>
              {APPLICATION_MEMBERSHIP_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </SelectField>
            {host ? (
              <fieldset className="property-fields">
                <legend>Your property</legend>
                <TextField
                  label="Property Address"
                  name="propertyAddress"
                  autoComplete="street-address"
                  required
                  maxLength={300}
                  value={values.propertyAddress}
                  onChange={(e) => set('propertyAddress', e.target.value)}
                />
                <TextField
                  label="Property Type"
                  name="propertyType"
                  required
                  maxLength={100}
                  placeholder="House, apartment, cabin…"
                  value={values.propertyType}
                  onChange={(e) => set('propertyType', e.target.value)}
                />
                <TextAreaField
                  label="Property Description"
                  name="propertyDescription"
                  required
                  maxLength={2000}
                  rows={3}
                  value={values.propertyDescription}
                  onChange={(e) => set('propertyDescription', e.target.value)}
                />
                <SelectField
                  label="Property Availability"
                  name="propertyAvailability"
                  required
                  value={values.propertyAvailability}
                  onChange={(e) => set('propertyAvailability', e.target.value)}
                >
                  <option value="">Select…</option>
                  {PROPERTY_AVAILABILITY.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </SelectField>
              </fieldset>
            ) : null}
            <TextField
              label="How did you hear about us?"
              name="referral"
              maxLength={500}
              value={values.referral}
              onChange={(e) => set('referral', e.target.value)}
            />
            <TextAreaField
              label="Comments (optional)"
              name="comments"
              maxLength={2000}
              rows={3}
              value={values.comments}
              onChange={(e) => set('comments', e.target.value)}
            />
          </>
        ) : null}

        <FormMessage>{error}</FormMessage>
        <div className="wizard-actions">
          <button type="button" className="button button-ghost" onClick={back} disabled={step === 1 || busy}>
            Back
          </button>
          <button type="submit" className="button" disabled={busy}>
            {step === 3 ? (submit.isPending ? 'Submitting…' : 'Submit Application') : validateCode.isPending ? 'Checking…' : 'Next'}
          </button>
        </div>
      </form>
      <p className="muted center" style={{ marginTop: 'var(--space-4)' }}>
        Already a member? <Link href="/login">Log in</Link>
      </p>
    </section>
  );
}
