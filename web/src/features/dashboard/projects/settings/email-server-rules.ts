import { emailProblem } from "../../../../lib/validation";

/** The e-mail server fields of a group's form; the port is text until it is a number. */
export type EmailServerValues = {
  type: "shared" | "standard";
  host: string;
  port: number | string;
  username: string;
  password: string;
  sender_name: string;
  sender_email: string;
};

const PORT_MAX = 65_535;

/**
 * A standard server needs every field, with the server's words for a missing one (SPEC §5,
 * server/src/routes/projects/shapes.ts); the shared server needs none.
 */
const missing = (message: string) => (value: string, values: EmailServerValues) =>
  values.type === "standard" && value.trim() === "" ? message : null;

export const EMAIL_SERVER_RULES = {
  host: missing("Email host is missing"),
  port: (value: number | string, values: EmailServerValues) => {
    if (values.type !== "standard") return null;
    if (value === "") return "Email port is missing";
    return Number.isInteger(value) && Number(value) >= 0 && Number(value) <= PORT_MAX ? null : `The port is a whole number from 0 to ${PORT_MAX}.`;
  },
  username: missing("Email username is missing"),
  password: missing("Email password is missing"),
  sender_name: missing("Email sender name is missing"),
  sender_email: (value: string, values: EmailServerValues) => {
    if (values.type !== "standard") return null;
    if (value.trim() === "") return "Email sender email is missing";
    return emailProblem(value) ? "Enter a whole e-mail address, such as app@example.com." : null;
  },
};

export function emailServerValues(config: { type: "shared" | "standard"; host?: string; port?: number; username?: string; password?: string; sender_name?: string; sender_email?: string }): EmailServerValues {
  return {
    type: config.type,
    host: config.host ?? "",
    port: config.port ?? "",
    username: config.username ?? "",
    password: config.password ?? "",
    sender_name: config.sender_name ?? "",
    sender_email: config.sender_email ?? "",
  };
}

/** The SMTP settings as sent: trimmed, the port a number. */
export function smtpSettings(values: EmailServerValues) {
  return {
    host: values.host.trim(),
    port: Number(values.port),
    username: values.username,
    password: values.password,
    sender_name: values.sender_name.trim(),
    sender_email: values.sender_email.trim(),
  };
}
