import type { MailStrings } from "./mail-strings";

/** French, addressing the reader as "vous"; a no-break space (\u00a0) before ":" and "?", as French typography has it. */
export const fr: MailStrings = {
  greeting: "Bonjour,",
  greetingWithName: "Bonjour {user.displayName},",
  colon: "\u00a0: ",
  unsubscribe: "<link>Se désabonner</link> des e-mails de ce type.",
  emailVerification: {
    subject: "Confirmez votre adresse e-mail pour {project.displayName}",
    heading: "Confirmez votre adresse e-mail pour {project.displayName}",
    message: "Veuillez confirmer que cette adresse e-mail vous appartient en ouvrant le lien ci-dessous.",
    ignoreNote: "Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer ce message.",
    action: "Confirmer l’adresse e-mail",
  },
  passwordReset: {
    subject: "Réinitialisez votre mot de passe pour {project.displayName}",
    heading: "Réinitialisez votre mot de passe pour {project.displayName}",
    message: "La réinitialisation du mot de passe de votre compte a été demandée. Ouvrez le lien ci-dessous pour en choisir un nouveau.",
    ignoreNote: "Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.",
    action: "Réinitialiser le mot de passe",
  },
  magicLink: {
    subject: "Votre code de connexion pour {project.displayName}\u00a0: {variables.otp}",
    heading: "Connectez-vous à {project.displayName}",
    message: "Votre code de connexion est {variables.otp}. Saisissez-le là où il vous a été demandé, ou ouvrez le lien ci-dessous.",
    ignoreNote: "Si vous n’avez pas essayé de vous connecter, vous pouvez ignorer ce message.",
    action: "Se connecter",
  },
  teamInvitation: {
    subject: "Invitation à rejoindre {variables.teamDisplayName} sur {project.displayName}",
    heading: "Rejoignez {variables.teamDisplayName}",
    message: "Vous avez reçu une invitation à rejoindre l’équipe {variables.teamDisplayName}. Ouvrez le lien ci-dessous pour l’accepter.",
    action: "Accepter l’invitation",
  },
  signInInvitation: {
    subject: "Invitation à rejoindre {project.displayName}",
    heading: "Rejoignez {project.displayName}",
    message: "Vous avez reçu une invitation à vous connecter à {project.displayName}. Ouvrez le lien ci-dessous pour commencer.",
    action: "Se connecter",
  },
  paymentReceipt: {
    subject: "Reçu de votre paiement à {project.displayName}",
    heading: "Paiement reçu",
    message: "Nous avons bien reçu votre paiement pour {variables.productName}. Merci.",
    amount: "Montant\u00a0: {variables.amount}",
    quantity: "Quantité\u00a0: {variables.quantity}",
    action: "Voir le reçu",
  },
  paymentFailed: {
    subject: "Votre paiement à {project.displayName} n’a pas abouti",
    heading: "Votre paiement n’a pas abouti",
    message: "Nous n’avons pas pu prélever {variables.amount} pour {variables.productName}.",
    providerSaid: "Motif indiqué par le prestataire de paiement\u00a0: {variables.failureReason}",
    checkDetails: "Veuillez vérifier vos informations de paiement pour que votre abonnement continue.",
    action: "Ouvrir la facture",
  },
};
