/**
 * The built-in themes and templates: every mail the platform sends is one of these
 * templates, rendered by the same sandbox as a project's own, so a project edits them like
 * any other (an edit is stored in its configuration under the same id). Template ids are
 * Stack Auth's, so a template id an app already uses with `sendEmail` means the same here.
 *
 * Conventions (README "E-mail templates"): a template exports `EmailTemplate({ user, project,
 * variables })` and may export `variablesSchema` (a function that checks and returns the
 * variables) and `EmailTemplate.PreviewVariables`; it names its subject and notification
 * category with `<Subject value=…/>` and `<NotificationCategory value=…/>` from
 * "@stackframe/emails" (or exports `subject` / `notificationCategory`, strings or functions of
 * the props); `variablesSchema` may also be an arktype `type({...})`. A theme exports
 * `EmailTheme({ children, unsubscribeLink, projectLogos })`.
 */

import { BUILT_IN_EMAIL_THEME_IDS } from "../../project-config/document";

/** Stack Auth's ids (`DEFAULT_EMAIL_THEMES`); `default-light` and `default-dark` still name the first two. */
export const BUILT_IN_THEME_IDS = BUILT_IN_EMAIL_THEME_IDS;

/** Stack Auth's ids (`DEFAULT_TEMPLATE_IDS` in @stackframe/stack-shared). */
export const BUILT_IN_TEMPLATE_IDS = {
  emailVerification: "e7d009ce-8d47-4528-b245-5bf119f2ffa3",
  passwordReset: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
  magicLink: "822687fe-8d0a-4467-a0d1-416b6e639478",
  teamInvitation: "e84de395-2076-4831-9c19-8e9a96a868e4",
  signInInvitation: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc",
  paymentReceipt: "70372aee-0441-4d80-974c-2e858e40123a",
  paymentFailed: "f64b1afe-27ec-4a28-a277-7178f3261f9a",
} as const;

interface ThemeColours {
  page: string;
  card: string;
  text: string;
  muted: string;
  /** A band of colour across the top of the card. */
  accent?: string;
  logoMode: "light" | "dark";
}

const theme = (c: ThemeColours) => `import { Body, Container, Head, Html, Link, Section, Text } from "@react-email/components";
import { ProjectLogo } from "@stackframe/emails";

export function EmailTheme({ children, unsubscribeLink, projectLogos }: { children: React.ReactNode; unsubscribeLink?: string; projectLogos?: Record<string, string> }) {
  return (
    <Html>
      <Head />
      <Body style={{ backgroundColor: "${c.page}", fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif", color: "${c.text}", margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "${c.card}", borderRadius: "8px", padding: "32px 40px", maxWidth: "560px"${c.accent ? `, borderTop: "6px solid ${c.accent}"` : ""} }}>
          <ProjectLogo data={projectLogos} mode="${c.logoMode}" />
          {children}
        </Container>
        {unsubscribeLink ? (
          <Section style={{ textAlign: "center", padding: "12px 0" }}>
            <Text style={{ fontSize: "12px", color: "${c.muted}" }}>
              <Link href={unsubscribeLink} style={{ color: "${c.muted}", textDecoration: "underline" }}>Unsubscribe</Link> from e-mails like this one.
            </Text>
          </Section>
        ) : null}
      </Body>
    </Html>
  );
}

EmailTheme.PreviewProps = { unsubscribeLink: "https://example.com/unsubscribe" };
`;

export const LIGHT_THEME_SOURCE = theme({ page: "#f4f5f7", card: "#ffffff", text: "#1f2328", muted: "#6b7280", logoMode: "light" });
export const DARK_THEME_SOURCE = theme({ page: "#111318", card: "#1d2027", text: "#e8eaed", muted: "#9aa0a6", logoMode: "dark" });
export const COLORFUL_THEME_SOURCE = theme({ page: "#eef2ff", card: "#ffffff", text: "#1e1b4b", muted: "#6366f1", accent: "#7c3aed", logoMode: "light" });

/** For `theme_id: false`: the template's markup in a bare document. */
export const EMPTY_THEME_SOURCE = `import { Body, Html } from "@react-email/components";

export function EmailTheme({ children }: { children: React.ReactNode }) {
  return (
    <Html>
      <Body>{children}</Body>
    </Html>
  );
}
`;

const actionTemplate = (options: {
  variables: string[];
  subject: string;
  heading: string;
  /** Paragraphs; the first is the message, the last the "ignore this" note. */
  lines: string[];
  linkVariable: string;
  label: string;
  preview: Record<string, string>;
  extra?: string;
}) => `import { Button, Heading, Hr, Link, Text } from "@react-email/components";
import { NotificationCategory, Subject } from "@stackframe/emails";

type Variables = { ${options.variables.map((v) => `${v}: string`).join("; ")} };

export function variablesSchema(variables: Record<string, unknown>): Variables {
  for (const name of ${JSON.stringify(options.variables)}) {
    if (typeof variables[name] !== "string") throw new Error(\`The variable "\${name}" must be a string.\`);
  }
  return variables as Variables;
}

const paragraph = { fontSize: "15px", lineHeight: "24px", margin: "0 0 12px" };

export function EmailTemplate({ user, project, variables }: { user: { displayName: string | null }; project: { displayName: string }; variables: Variables }) {
  return (
    <>
      <Subject value={${options.subject}} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2" style={{ fontSize: "20px", margin: "0 0 20px" }} data-skip-in-text={true}>${options.heading}</Heading>
      <Text style={paragraph}>Hello{user.displayName ? \`, \${user.displayName}\` : ""},</Text>
${options.lines.map((line) => `      <Text style={paragraph}>${line}</Text>`).join("\n")}${options.extra ?? ""}
      <Button href={variables.${options.linkVariable}} data-skip-in-text={true} style={{ backgroundColor: "#2563eb", color: "#ffffff", borderRadius: "6px", padding: "12px 20px", fontSize: "15px", fontWeight: 600, textDecoration: "none", margin: "8px 0" }}>
        ${options.label}
      </Button>
      <Hr data-skip-in-text={true} style={{ margin: "28px 0 16px", borderColor: "#e5e7eb" }} />
      <Text style={{ fontSize: "13px", lineHeight: "20px", color: "#6b7280", wordBreak: "break-all" }}>
        ${options.label}: <Link href={variables.${options.linkVariable}} style={{ color: "#2563eb" }}>{variables.${options.linkVariable}}</Link>
      </Text>
    </>
  );
}

EmailTemplate.PreviewVariables = ${JSON.stringify(options.preview)};
`;

export const BUILT_IN_THEMES: Record<string, { displayName: string; tsxSource: string }> = {
  [BUILT_IN_THEME_IDS.light]: { displayName: "Default Light", tsxSource: LIGHT_THEME_SOURCE },
  [BUILT_IN_THEME_IDS.dark]: { displayName: "Default Dark", tsxSource: DARK_THEME_SOURCE },
  [BUILT_IN_THEME_IDS.colorful]: { displayName: "Default Colorful", tsxSource: COLORFUL_THEME_SOURCE },
};

export const BUILT_IN_TEMPLATES: Record<string, { displayName: string; tsxSource: string; themeId?: string | false }> = {
  [BUILT_IN_TEMPLATE_IDS.emailVerification]: {
    displayName: "Email Verification",
    tsxSource: actionTemplate({
      variables: ["emailVerificationLink"],
      subject: "`Verify your e-mail for ${project.displayName}`",
      heading: "Verify your e-mail for {project.displayName}",
      lines: [
        "Please confirm that this e-mail address belongs to you by opening the link below.",
        "If you did not ask for this, you can ignore this message.",
      ],
      linkVariable: "emailVerificationLink",
      label: "Verify e-mail",
      preview: { emailVerificationLink: "https://example.com/verify?code=preview" },
    }),
  },
  [BUILT_IN_TEMPLATE_IDS.passwordReset]: {
    displayName: "Password Reset",
    tsxSource: actionTemplate({
      variables: ["passwordResetLink"],
      subject: "`Reset your password for ${project.displayName}`",
      heading: "Reset your password for {project.displayName}",
      lines: [
        "Someone asked to reset the password of your account. Open the link below to choose a new one.",
        "If it was not you, ignore this message: your password stays as it is.",
      ],
      linkVariable: "passwordResetLink",
      label: "Reset password",
      preview: { passwordResetLink: "https://example.com/reset?code=preview" },
    }),
  },
  [BUILT_IN_TEMPLATE_IDS.magicLink]: {
    displayName: "Magic Link/OTP",
    tsxSource: actionTemplate({
      variables: ["magicLink", "otp"],
      subject: "`Your sign-in code for ${project.displayName}: ${variables.otp}`",
      heading: "Sign in to {project.displayName}",
      lines: [
        "Your sign-in code is {variables.otp}. Enter it where you asked for it, or open the link below.",
        "If you did not try to sign in, you can ignore this message.",
      ],
      extra: `
      <Text data-skip-in-text={true} style={{ fontSize: "28px", fontWeight: 700, letterSpacing: "4px", fontFamily: "ui-monospace, Menlo, monospace", margin: "8px 0 16px" }}>{variables.otp}</Text>`,
      linkVariable: "magicLink",
      label: "Sign in",
      preview: { magicLink: "https://example.com/sign-in?code=preview", otp: "3SLSWZ" },
    }),
  },
  [BUILT_IN_TEMPLATE_IDS.teamInvitation]: {
    displayName: "Team Invitation",
    tsxSource: actionTemplate({
      variables: ["teamDisplayName", "teamInvitationLink"],
      subject: "`You are invited to join ${variables.teamDisplayName} on ${project.displayName}`",
      heading: "Join {variables.teamDisplayName}",
      lines: ["You have been invited to join the team {variables.teamDisplayName}. Open the link below to accept."],
      linkVariable: "teamInvitationLink",
      label: "Accept invitation",
      preview: { teamDisplayName: "My Team", teamInvitationLink: "https://example.com/invitation?code=preview" },
    }),
  },
  [BUILT_IN_TEMPLATE_IDS.signInInvitation]: {
    displayName: "Sign In Invitation",
    tsxSource: actionTemplate({
      variables: ["signInInvitationLink"],
      subject: "`You are invited to ${project.displayName}`",
      heading: "You are invited to {project.displayName}",
      lines: ["You have been invited to sign in to {project.displayName}. Open the link below to get started."],
      linkVariable: "signInInvitationLink",
      label: "Sign in",
      preview: { signInInvitationLink: "https://example.com/sign-in" },
    }),
  },
};

/** A payment notice: what was bought, for how much, and an optional link (receipt or invoice). */
const paymentTemplate = (options: {
  subject: string;
  heading: string;
  message: string;
  /** Variables beyond productName and amount: name and whether it may be left out. */
  variables: Array<[string, "string" | "number", boolean]>;
  lines: string;
  linkVariable: string;
  label: string;
  preview: Record<string, string | number>;
}) => `import { Button, Heading, Text } from "@react-email/components";
import { NotificationCategory, Subject } from "@stackframe/emails";

const fields: Array<[string, string, boolean]> = ${JSON.stringify([["productName", "string", false], ["amount", "string", false], ...options.variables])};

export function variablesSchema(variables: Record<string, unknown>) {
  for (const [name, type, optional] of fields) {
    if (variables[name] === undefined && optional) continue;
    if (typeof variables[name] !== type) throw new Error(\`The variable "\${name}" must be a \${type}.\`);
  }
  return variables as Record<string, any>;
}

const paragraph = { fontSize: "15px", lineHeight: "24px", margin: "0 0 12px" };

export function EmailTemplate({ user, project, variables }: { user: { displayName: string | null }; project: { displayName: string }; variables: Record<string, any> }) {
  return (
    <>
      <Subject value={${options.subject}} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2" style={{ fontSize: "20px", margin: "0 0 20px" }}>${options.heading}</Heading>
      <Text style={paragraph}>Hello{user.displayName ? \`, \${user.displayName}\` : ""},</Text>
      <Text style={paragraph}>${options.message}</Text>
${options.lines}
      {variables.${options.linkVariable} ? (
        <Button href={variables.${options.linkVariable}} style={{ backgroundColor: "#2563eb", color: "#ffffff", borderRadius: "6px", padding: "12px 20px", fontSize: "15px", fontWeight: 600, textDecoration: "none", margin: "8px 0" }}>
          ${options.label}
        </Button>
      ) : null}
    </>
  );
}

EmailTemplate.PreviewVariables = ${JSON.stringify(options.preview)};
`;

BUILT_IN_TEMPLATES[BUILT_IN_TEMPLATE_IDS.paymentReceipt] = {
  displayName: "Payment Receipt",
  tsxSource: paymentTemplate({
    subject: "`Receipt for your payment to ${project.displayName}`",
    heading: "Payment received",
    message: "We received your payment for {variables.productName}. Thank you.",
    variables: [
      ["quantity", "number", false],
      ["receiptLink", "string", true],
    ],
    lines: `      <Text style={paragraph}>Amount: {variables.amount}</Text>
      <Text style={paragraph}>Quantity: {variables.quantity}</Text>`,
    linkVariable: "receiptLink",
    label: "See the receipt",
    preview: { productName: "Pro plan", quantity: 1, amount: "$20.00", receiptLink: "https://example.com/receipt" },
  }),
};
BUILT_IN_TEMPLATES[BUILT_IN_TEMPLATE_IDS.paymentFailed] = {
  displayName: "Payment Failed",
  tsxSource: paymentTemplate({
    subject: "`A payment to ${project.displayName} did not go through`",
    heading: "Your payment did not go through",
    message: "We could not charge {variables.amount} for {variables.productName}.",
    variables: [
      ["invoiceUrl", "string", true],
      ["failureReason", "string", true],
    ],
    lines: `      {variables.failureReason ? <Text style={paragraph}>The payment provider said: {variables.failureReason}</Text> : null}
      <Text style={paragraph}>Please check your payment details so that your plan keeps running.</Text>`,
    linkVariable: "invoiceUrl",
    label: "Open the invoice",
    preview: { productName: "Pro plan", amount: "$20.00", invoiceUrl: "https://example.com/invoice", failureReason: "The card was declined." },
  }),
};

/** The source a new template or draft starts from. */
export const NEW_TEMPLATE_SOURCE = `import { Heading, Text } from "@react-email/components";
import { NotificationCategory, Subject } from "@stackframe/emails";

export function variablesSchema(variables: Record<string, unknown>) {
  return variables;
}

export function EmailTemplate({ user, project }: { user: { displayName: string | null }; project: { displayName: string } }) {
  return (
    <>
      <Subject value={\`News from \${project.displayName}\`} />
      <NotificationCategory value="Marketing" />
      <Heading as="h2">Hello{user.displayName ? \`, \${user.displayName}\` : ""}!</Heading>
      <Text>Write your message here.</Text>
    </>
  );
}
`;
