import type { MailStrings } from "./mail-strings";

/** Spanish, addressing the reader as "tú". */
export const es: MailStrings = {
  greeting: "Hola:",
  greetingWithName: "Hola, {user.displayName}:",
  colon: ": ",
  unsubscribe: "<link>Cancela la suscripción</link> a los correos como este.",
  emailVerification: {
    subject: "Verifica tu correo para {project.displayName}",
    heading: "Verifica tu correo para {project.displayName}",
    message: "Confirma que esta dirección de correo es tuya abriendo el enlace de abajo.",
    ignoreNote: "Si no lo solicitaste, puedes ignorar este mensaje.",
    action: "Verificar correo",
  },
  passwordReset: {
    subject: "Restablece tu contraseña de {project.displayName}",
    heading: "Restablece tu contraseña de {project.displayName}",
    message: "Alguien solicitó restablecer la contraseña de tu cuenta. Abre el enlace de abajo para elegir una nueva.",
    ignoreNote: "Si no fuiste tú, ignora este mensaje: tu contraseña seguirá siendo la misma.",
    action: "Restablecer contraseña",
  },
  magicLink: {
    subject: "Tu código de inicio de sesión para {project.displayName}: {variables.otp}",
    heading: "Inicia sesión en {project.displayName}",
    message: "Tu código de inicio de sesión es {variables.otp}. Introdúcelo donde lo solicitaste o abre el enlace de abajo.",
    ignoreNote: "Si no intentaste iniciar sesión, puedes ignorar este mensaje.",
    action: "Iniciar sesión",
  },
  teamInvitation: {
    subject: "Te han invitado a unirte a {variables.teamDisplayName} en {project.displayName}",
    heading: "Únete a {variables.teamDisplayName}",
    message: "Te han invitado a unirte al equipo {variables.teamDisplayName}. Abre el enlace de abajo para aceptar.",
    action: "Aceptar invitación",
  },
  signInInvitation: {
    subject: "Te han invitado a {project.displayName}",
    heading: "Te han invitado a {project.displayName}",
    message: "Te han invitado a iniciar sesión en {project.displayName}. Abre el enlace de abajo para empezar.",
    action: "Iniciar sesión",
  },
  paymentReceipt: {
    subject: "Recibo de tu pago a {project.displayName}",
    heading: "Pago recibido",
    message: "Hemos recibido tu pago por {variables.productName}. ¡Gracias!",
    amount: "Importe: {variables.amount}",
    quantity: "Cantidad: {variables.quantity}",
    action: "Ver el recibo",
  },
  paymentFailed: {
    subject: "No se pudo completar un pago a {project.displayName}",
    heading: "No se pudo completar tu pago",
    message: "No pudimos cobrar {variables.amount} por {variables.productName}.",
    providerSaid: "El proveedor de pagos indicó: {variables.failureReason}",
    checkDetails: "Revisa tus datos de pago para que tu plan siga activo.",
    action: "Abrir la factura",
  },
};
