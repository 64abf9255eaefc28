import {
  useCheckContactChannelVerificationCode,
  useCreateContactChannel as useGeneratedCreateContactChannel,
  useDeleteContactChannel as useGeneratedDeleteContactChannel,
  useSendContactChannelVerificationCode,
  useUpdateContactChannel as useGeneratedUpdateContactChannel,
  useVerifyContactChannel as useGeneratedVerifyContactChannel,
} from "../../react-query";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";

// A primary address is also the user's `primary_email`, so every change reads the user again.

export function useAddContactChannel() {
  const onSuccess = useInvalidate(areaKeys.contactChannels, areaKeys.currentUser, areaKeys.securityActivity);
  return useGeneratedCreateContactChannel({ mutation: { onSuccess } });
}

/** Makes an address primary, or turns its use for sign-in on or off. */
export function useUpdateContactChannel() {
  const onSuccess = useInvalidate(areaKeys.contactChannels, areaKeys.currentUser, areaKeys.securityActivity);
  return useGeneratedUpdateContactChannel({ mutation: { onSuccess } });
}

export function useDeleteContactChannel() {
  const onSuccess = useInvalidate(areaKeys.contactChannels, areaKeys.currentUser, areaKeys.securityActivity);
  return useGeneratedDeleteContactChannel({ mutation: { onSuccess } });
}

/** Verifies an address with the code of its mailed link. */
export function useVerifyEmail() {
  const onSuccess = useInvalidate(areaKeys.contactChannels, areaKeys.currentUser, areaKeys.securityActivity);
  return useGeneratedVerifyContactChannel({ mutation: { onSuccess } });
}

/** Mails a verification link for one of the user's addresses. */
export { useSendContactChannelVerificationCode as useSendVerificationEmail };
/** Checks a verification link's code without using it up. */
export { useCheckContactChannelVerificationCode as useCheckEmailVerificationCode };
/** Mails a verification link for an address given by value (the primary one, typically). */
export { useSendEmailVerificationCode as useSendEmailVerification } from "../../react-query";
