import { AuthMsg as Msg } from '@vidmatrix/contract/messages-auth';
import { isAccountName, isPasswordLength } from '@vidmatrix/contract/rules/credentials';

/** A form's message per field that fails its rule (no key: the field is fine). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type LoginField = 'account' | 'password' | 'captcha_code';
export type RegisterField = 'account' | 'nickname' | 'password' | 'confirm' | 'captcha_code' | 'agree';

/** What the sign-in form holds. */
export type LoginValues = Record<LoginField, string>;
/** What the sign-up form holds. */
export type RegisterValues = Record<RegisterField, string>;

const blank = (value: string) => value.trim() === '';

/** The sign-in form's rules: account and password required, the captcha once the server asked for one. */
export function checkLogin(values: LoginValues, captchaOn: boolean): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  if (blank(values.account)) {
    errors.account = Msg.accountRequired;
  }
  if (values.password === '') {
    errors.password = Msg.passwordRequired;
  }
  if (captchaOn && blank(values.captcha_code)) {
    errors.captcha_code = Msg.captchaRequired;
  }
  return errors;
}

/** The sign-up form's rules, the server's own (rules/credentials.ts), with the same messages. */
export function checkRegister(values: RegisterValues): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  if (values.account === '') {
    errors.account = Msg.accountRequired;
  } else if (!isAccountName(values.account)) {
    errors.account = Msg.accountFormat;
  }
  if (values.password === '') {
    errors.password = Msg.passwordRequired;
  } else if (!isPasswordLength(values.password)) {
    errors.password = Msg.passwordFormat;
  }
  if (values.confirm === '') {
    errors.confirm = Msg.passwordRequired;
  } else if (values.confirm !== values.password) {
    errors.confirm = Msg.passwordMismatch;
  }
  if (blank(values.captcha_code)) {
    errors.captcha_code = Msg.captchaRequired;
  }
  // A ticked checkbox reads "on" (FormData); unticked it is absent.
  if (values.agree !== 'on') {
    errors.agree = Msg.agreementRequired;
  }
  return errors;
}

/** A form's values by field name, as strings (FormData of its inputs). */
export function readFields<F extends string>(form: HTMLFormElement, fields: readonly F[]): Record<F, string> {
  const data = new FormData(form);
  const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');
  return Object.fromEntries(fields.map((field) => [field, text(data.get(field))])) as Record<F, string>;
}
