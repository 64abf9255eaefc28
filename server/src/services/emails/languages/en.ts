import type { MailStrings } from "./mail-strings";

export const en: MailStrings = {
  greeting: "Hello,",
  greetingWithName: "Hello, {user.displayName},",
  colon: ": ",
  unsubscribe: "<link>Unsubscribe</link> from e-mails like this one.",
  emailVerification: {
    subject: "Verify your e-mail for {project.displayName}",
    heading: "Verify your e-mail for {project.displayName}",
    message: "Please confirm that this e-mail address belongs to you by opening the link below.",
    ignoreNote: "If you did not ask for this, you can ignore this message.",
    action: "Verify e-mail",
  },
  passwordReset: {
    subject: "Reset your password for {project.displayName}",
    heading: "Reset your password for {project.displayName}",
    message: "Someone asked to reset the password of your account. Open the link below to choose a new one.",
    ignoreNote: "If it was not you, ignore this message: your password stays as it is.",
    action: "Reset password",
  },
  magicLink: {
    subject: "Your sign-in code for {project.displayName}: {variables.otp}",
    heading: "Sign in to {project.displayName}",
    message: "Your sign-in code is {variables.otp}. Enter it where you asked for it, or open the link below.",
    ignoreNote: "If you did not try to sign in, you can ignore this message.",
    action: "Sign in",
  },
  teamInvitation: {
    subject: "You are invited to join {variables.teamDisplayName} on {project.displayName}",
    heading: "Join {variables.teamDisplayName}",
    message: "You have been invited to join the team {variables.teamDisplayName}. Open the link below to accept.",
    action: "Accept invitation",
  },
  signInInvitation: {
    subject: "You are invited to {project.displayName}",
    heading: "You are invited to {project.displayName}",
    message: "You have been invited to sign in to {project.displayName}. Open the link below to get started.",
    action: "Sign in",
  },
  paymentReceipt: {
    subject: "Receipt for your payment to {project.displayName}",
    heading: "Payment received",
    message: "We received your payment for {variables.productName}. Thank you.",
    amount: "Amount: {variables.amount}",
    quantity: "Quantity: {variables.quantity}",
    action: "See the receipt",
  },
  paymentFailed: {
    subject: "A payment to {project.displayName} did not go through",
    heading: "Your payment did not go through",
    message: "We could not charge {variables.amount} for {variables.productName}.",
    providerSaid: "The payment provider said: {variables.failureReason}",
    checkDetails: "Please check your payment details so that your plan keeps running.",
    action: "Open the invoice",
  },
};
