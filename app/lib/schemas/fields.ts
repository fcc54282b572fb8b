import * as v from "valibot";

// Field rules shared by forms and the API (../shared/api-contract.md "Validation of input fields").
// A missing, empty or blank required field gets the same message.

// Control characters (other than tab and line breaks) have no place in names and texts; a NUL
// would even cut the stored text short.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// White space and what Unicode says shows nothing (zero-width spaces and joiners, word joiner,
// byte order mark, soft hyphen, fillers…): a text made only of these is blank.
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;
// Marks, embeddings, overrides and isolates reorder the text around them: a name could show as another.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// What is left of a name once invisible, combining and direction characters are set aside must say
// something: a blank braille pattern (U+2800), a null notehead (U+1D159) or accents alone do not.
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** An id as a form or body sends it (a car, a category, a conversation). */
export const idField = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(64, message));

export function requiredText(message: string, max: number, tooLong = `Use at most ${max} characters`) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.check((text) => text.replace(INVISIBLE, "") !== "", message),
    v.maxLength(max, tooLong),
    v.check((text) => !CONTROL_CHARACTERS.test(text), "Remove the control characters from this text"),
  );
}

/**
 * Optional free text (a note): trimmed, at most `max` characters, no control characters. Left out
 * it is undefined (a default of "" would pass through Conform's empty-to-undefined coercion and fail).
 */
export function optionalFreeText(message: string, max: number, tooLong = `Use at most ${max} characters`) {
  return v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.maxLength(max, tooLong),
      v.check((text) => !CONTROL_CHARACTERS.test(text), "Remove the control characters from this text"),
    ),
  );
}

/** A name (of a person, car or category): required text that may not change the direction of what surrounds it. */
export function nameText(message: string, max: number) {
  return v.pipe(
    requiredText(message, max),
    v.check(
      (text) => !BIDI_CONTROLS.test(text),
      "Remove the text-direction control characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) from this name",
    ),
    v.check((text) => LETTER_OR_DIGIT.test(text), "A name needs at least one letter or digit"),
  );
}

export const emailField = v.pipe(
  v.string("Email Address is required"),
  v.trim(),
  v.nonEmpty("Email Address is required"),
  v.maxLength(254, "Use at most 254 characters"),
  v.email("Enter a valid email address"),
  v.toLowerCase(),
);

export const passwordField = v.pipe(
  v.string("Password is required"),
  v.nonEmpty("Password is required"),
  v.minLength(6, "Password must be 6 characters or longer"),
  v.maxLength(128, "Use at most 128 characters"),
);

const STRONG_MESSAGE = "Password must have uppercase, number, and special characters";
/** The rule of newPasswordField in words, shown beside the field before anyone gets it wrong. */
export const NEW_PASSWORD_RULE = "At least 6 characters, with an uppercase letter, a digit and one of ! @ # $ & *";

/** Sign-up and reset passwords: also an uppercase letter, a digit and one of ! @ # $ & *. */
export const newPasswordField = v.pipe(
  passwordField,
  v.regex(/[A-Z]/, STRONG_MESSAGE),
  v.regex(/\d/, STRONG_MESSAGE),
  v.regex(/[!@#$&*]/, STRONG_MESSAGE),
);
