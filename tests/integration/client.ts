import { startFileStack } from "../support/file-stack";

// The test file's own app (tests/support/file-stack.ts), and helpers that talk to it the way a browser or an
// API client would. A file that needs the Stripe Worker too starts it with startFileStack("stripe").

export { clientFor, cookiesFrom, DEMO_PASSWORD, linkIn, sessionCookieFrom, uniqueEmail } from "../support/http-client";
export { startFileStack } from "../support/file-stack";

export const stack = await startFileStack();

export const {
  appUrl,
  dbUrl,
  dbAuthToken,
  oauthUrl,
  request,
  apiJson,
  postForm,
  register,
  registerSeller,
  mailTo,
  confirmEmail,
  signIn,
  accessToken,
  database,
  sql,
  lastMailTo,
  uploadImage,
  firstCategoryId,
} = stack;
