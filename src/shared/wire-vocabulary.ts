/*
 * The REST surface's one vocabulary (issue 47): field names are snake_case, except the names
 * below, which a contract spells otherwise. One list, read by the test that walks the OpenAPI
 * document, the document's description and README's API section. A name added here is a promise to outside clients: add one only for a contract that
 * fixes it (SPEC, an issue's text, a web standard's own JSON).
 */

/** SPEC 7's request and answer fields, exactly as SPEC writes them. */
export const SPEC_FIELD_NAMES = [
  'invitationCode',
  'membershipType',
  'propertyAddress',
  'propertyType',
  'propertyDescription',
  'propertyAvailability',
  'commentableId',
  'oldPassword',
  'newPassword',
  'recipientGroup',
  'selectedMemberIds',
  'eventId',
  'eventTitle',
  'userId',
  'userIds',
  'bannerImage',
] as const;

/** Names earlier issues fixed: two-factor sign-in (its REST contract) and the error body. */
export const EARLIER_ISSUE_FIELD_NAMES = ['twoFactorRequired', 'otpauthUri', 'recoveryCodes', 'fieldErrors'] as const;

/**
 * WebAuthn's own JSON (Level 3: PublicKeyCredentialCreationOptionsJSON, …RequestOptionsJSON,
 * RegistrationResponseJSON, AuthenticationResponseJSON and the extensions' names), as the
 * specification spells it: the browser produces and reads these objects as they are.
 */
export const WEBAUTHN_JSON_NAMES = [
  // the options the server gives the browser
  'pubKeyCredParams',
  'excludeCredentials',
  'allowCredentials',
  'authenticatorSelection',
  'authenticatorAttachment',
  'residentKey',
  'requireResidentKey',
  'userVerification',
  'displayName',
  'rpId',
  'attestationFormats',
  // the credential the browser gives back
  'rawId',
  'clientDataJSON',
  'authenticatorData',
  'attestationObject',
  'publicKey',
  'publicKeyAlgorithm',
  'userHandle',
  'clientExtensionResults',
  // extensions
  'credProps',
  'appid',
  'appidExclude',
  'hmacCreateSecret',
  'largeBlob',
  'credentialProtectionPolicy',
  'enforceCredentialProtectionPolicy',
  'minPinLength',
  'credBlob',
  'getCredBlob',
] as const;

/** Every field name the REST surface may spell other than snake_case. */
export const WIRE_NAME_EXCEPTIONS: ReadonlySet<string> = new Set<string>([
  ...SPEC_FIELD_NAMES,
  ...EARLIER_ISSUE_FIELD_NAMES,
  ...WEBAUTHN_JSON_NAMES,
]);

/** snake_case: lower-case letters and digits, words joined by single underscores. */
export function isSnakeCase(name: string): boolean {
  return /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(name);
}

/** A field name the REST surface may use: snake_case, or a name on the exception list. */
export function isWireFieldName(name: string): boolean {
  return isSnakeCase(name) || WIRE_NAME_EXCEPTIONS.has(name);
}
