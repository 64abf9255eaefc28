export { useAfterAuthRedirect, keepReturnTarget, type AuthOutcome } from "./after-auth";
export { forgetMfaAttemptCode, isMfaRequired, mfaAttemptCodeOf, readMfaAttemptCode, storeMfaAttemptCode } from "./mfa-attempt";
export {
  useFinishSignIn,
  useMfaHandOff,
  useSignInWithCode,
  useSignInWithMfa,
  useSignInWithPassword,
  useSignUpWithPassword,
  type SignInOptions,
} from "./sign-in";
export { useSignOut } from "./sign-out";
// Calls that change nothing cached: the generated hooks as they are.
export {
  useCheckMfaAttemptCode,
  useCheckPasswordResetCode,
  useCheckSignInCode,
  useResetPassword,
  useSendPasswordResetCode,
  useSendSignInCode,
} from "../../react-query";
