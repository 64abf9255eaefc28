import type { MailStrings } from "./mail-strings";

/** German, addressing the reader as "Sie". */
export const de: MailStrings = {
  greeting: "Hallo,",
  greetingWithName: "Hallo {user.displayName},",
  colon: ": ",
  unsubscribe: "<link>Abbestellen</link>, wenn Sie keine E-Mails dieser Art mehr erhalten möchten.",
  emailVerification: {
    subject: "Bestätigen Sie Ihre E-Mail-Adresse für {project.displayName}",
    heading: "Bestätigen Sie Ihre E-Mail-Adresse für {project.displayName}",
    message: "Bitte bestätigen Sie über den Link unten, dass diese E-Mail-Adresse Ihnen gehört.",
    ignoreNote: "Falls Sie das nicht angefordert haben, können Sie diese Nachricht ignorieren.",
    action: "E-Mail-Adresse bestätigen",
  },
  passwordReset: {
    subject: "Passwort für {project.displayName} zurücksetzen",
    heading: "Setzen Sie Ihr Passwort für {project.displayName} zurück",
    message: "Für Ihr Konto wurde das Zurücksetzen des Passworts angefordert. Über den Link unten können Sie ein neues wählen.",
    ignoreNote: "Falls Sie das nicht waren, ignorieren Sie diese Nachricht einfach: Ihr Passwort bleibt unverändert.",
    action: "Passwort zurücksetzen",
  },
  magicLink: {
    subject: "Ihr Anmeldecode für {project.displayName}: {variables.otp}",
    heading: "Bei {project.displayName} anmelden",
    message: "Ihr Anmeldecode lautet {variables.otp}. Geben Sie ihn dort ein, wo Sie ihn angefordert haben, oder öffnen Sie den Link unten.",
    ignoreNote: "Falls Sie sich nicht anmelden wollten, können Sie diese Nachricht ignorieren.",
    action: "Anmelden",
  },
  teamInvitation: {
    subject: "Einladung in das Team {variables.teamDisplayName} bei {project.displayName}",
    heading: "Treten Sie {variables.teamDisplayName} bei",
    message: "Sie wurden in das Team {variables.teamDisplayName} eingeladen. Öffnen Sie den Link unten, um die Einladung anzunehmen.",
    action: "Einladung annehmen",
  },
  signInInvitation: {
    subject: "Einladung zu {project.displayName}",
    heading: "Sie sind zu {project.displayName} eingeladen",
    message: "Sie wurden eingeladen, sich bei {project.displayName} anzumelden. Öffnen Sie den Link unten, um loszulegen.",
    action: "Anmelden",
  },
  paymentReceipt: {
    subject: "Beleg für Ihre Zahlung an {project.displayName}",
    heading: "Zahlung erhalten",
    message: "Wir haben Ihre Zahlung für {variables.productName} erhalten. Vielen Dank!",
    amount: "Betrag: {variables.amount}",
    quantity: "Menge: {variables.quantity}",
    action: "Beleg ansehen",
  },
  paymentFailed: {
    subject: "Eine Zahlung an {project.displayName} ist fehlgeschlagen",
    heading: "Ihre Zahlung ist fehlgeschlagen",
    message: "Wir konnten {variables.amount} für {variables.productName} nicht abbuchen.",
    providerSaid: "Der Zahlungsanbieter meldet: {variables.failureReason}",
    checkDetails: "Bitte prüfen Sie Ihre Zahlungsdaten, damit Ihr Tarif weiterläuft.",
    action: "Rechnung öffnen",
  },
};
