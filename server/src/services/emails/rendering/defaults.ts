/**
 * The built-in themes and templates: every mail the platform sends is one of these
 * templates, rendered by the same sandbox as a project's own, so a project edits them like
 * any other (an edit is stored in its configuration under the same id). Template ids are
 * Stack Auth's, so a template id an app already uses with `sendEmail` means the same here.
 *
 * Conventions (docs/email.md, "E-mail templates"): a template exports `EmailTemplate({ user, project,
 * variables })` and may export `variablesSchema` (a function that checks and returns the
 * variables) and `EmailTemplate.PreviewVariables`; it names its subject and notification
 * category with `<Subject value=…/>` and `<NotificationCategory value=…/>` from
 * "@stackframe/emails" (or exports `subject` / `notificationCategory`, strings or functions of
 * the props); `variablesSchema` may also be an arktype `type({...})`. A theme exports
 * `EmailTheme({ children, unsubscribeLink, projectLogos })`.
 *
 * Every built-in source is written once and filled with the texts of one language
 * (../languages), as `theme(c)` is filled with colours. The English sources are the ones the
 * template list shows and a project edits; the platform's own mail renders the source in the
 * recipient's language instead while the project has not edited it (localizedBuiltInTemplate).
 */

import { BUILT_IN_EMAIL_THEME_IDS } from "../../project-config/document";
import { DEFAULT_MAIL_LOCALE, MAIL_LOCALES, MAIL_STRINGS, textParts, type MailLocale, type MailStrings } from "../languages";

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

/** A text as JSX children: its placeholders become `{expression}`s; literal runs stay text, quoted when they hold JSX syntax. */
const jsx = (text: string) =>
  textParts(text)
    .map((part) => ("expression" in part ? `{${part.expression}}` : /[<>{}]/.test(part.literal) ? `{${JSON.stringify(part.literal)}}` : part.literal))
    .join("");

/** A text as a JavaScript template literal, its placeholders as `${expression}`s. */
const templateLiteral = (text: string) =>
  "`" +
  textParts(text)
    .map((part) => ("expression" in part ? `\${${part.expression}}` : part.literal.replace(/\\|`|\$\{/g, (m) => `\\${m}`)))
    .join("") +
  "`";

/** A text whose `<link>…</link>` becomes the given element, the rest JSX text. */
const withLink = (text: string, link: (label: string) => string) =>
  text
    .split(/<link>(.*?)<\/link>/)
    .map((piece, i) => (i % 2 === 1 ? link(jsx(piece)) : jsx(piece)))
    .join("");

/** The greeting line, with the recipient's name when it is known. */
const greeting = (s: MailStrings) => `<Text style={paragraph}>{user.displayName ? <>${jsx(s.greetingWithName)}</> : <>${jsx(s.greeting)}</>}</Text>`;

interface ThemeColours {
  page: string;
  card: string;
  text: string;
  muted: string;
  /** A band of colour across the top of the card. */
  accent?: string;
  logoMode: "light" | "dark";
}

const theme = (c: ThemeColours, locale: MailLocale = DEFAULT_MAIL_LOCALE) => `import { Body, Container, Head, Html, Link, Section, Text } from "@react-email/components";
import { ProjectLogo } from "@stackframe/emails";

export function EmailTheme({ children, unsubscribeLink, projectLogos }: { children: React.ReactNode; unsubscribeLink?: string; projectLogos?: Record<string, string> }) {
  return (
    <Html${locale === "en" ? "" : ` lang="${locale}"`}>
      <Head />
      <Body style={{ backgroundColor: "${c.page}", fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif", color: "${c.text}", margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "${c.card}", borderRadius: "8px", padding: "32px 40px", maxWidth: "560px"${c.accent ? `, borderTop: "6px solid ${c.accent}"` : ""} }}>
          <ProjectLogo data={projectLogos} mode="${c.logoMode}" />
          {children}
        </Container>
        {unsubscribeLink ? (
          <Section style={{ textAlign: "center", padding: "12px 0" }}>
            <Text style={{ fontSize: "12px", color: "${c.muted}" }}>
              ${withLink(MAIL_STRINGS[locale].unsubscribe, (label) => `<Link href={unsubscribeLink} style={{ color: "${c.muted}", textDecoration: "underline" }}>${label}</Link>`)}
            </Text>
          </Section>
        ) : null}
      </Body>
    </Html>
  );
}

EmailTheme.PreviewProps = { unsubscribeLink: "https://example.com/unsubscribe" };
`;

const LIGHT: ThemeColours = { page: "#f4f5f7", card: "#ffffff", text: "#1f2328", muted: "#6b7280", logoMode: "light" };
const DARK: ThemeColours = { page: "#111318", card: "#1d2027", text: "#e8eaed", muted: "#9aa0a6", logoMode: "dark" };
const COLORFUL: ThemeColours = { page: "#eef2ff", card: "#ffffff", text: "#1e1b4b", muted: "#6366f1", accent: "#7c3aed", logoMode: "light" };

export const LIGHT_THEME_SOURCE = theme(LIGHT);
export const DARK_THEME_SOURCE = theme(DARK);
export const COLORFUL_THEME_SOURCE = theme(COLORFUL);

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

type ActionKind = "emailVerification" | "passwordReset" | "magicLink" | "teamInvitation" | "signInInvitation";
type PaymentKind = "paymentReceipt" | "paymentFailed";

/** A mail with one button (and the link written out below it), in one language. */
const actionTemplate = (
  s: MailStrings,
  kind: ActionKind,
  options: {
    variables: string[];
    linkVariable: string;
    preview: Record<string, string>;
    /** Markup after the paragraphs, before the button. */
    extra?: string;
  },
) => {
  const texts = s[kind];
  const lines = [texts.message, ..."ignoreNote" in texts ? [texts.ignoreNote] : []];
  return `import { Button, Heading, Hr, Link, Text } from "@react-email/components";
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
      <Subject value={${templateLiteral(texts.subject)}} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2" style={{ fontSize: "20px", margin: "0 0 20px" }} data-skip-in-text={true}>${jsx(texts.heading)}</Heading>
      ${greeting(s)}
${lines.map((line) => `      <Text style={paragraph}>${jsx(line)}</Text>`).join("\n")}${options.extra ?? ""}
      <Button href={variables.${options.linkVariable}} data-skip-in-text={true} style={{ backgroundColor: "#2563eb", color: "#ffffff", borderRadius: "6px", padding: "12px 20px", fontSize: "15px", fontWeight: 600, textDecoration: "none", margin: "8px 0" }}>
        ${jsx(texts.action)}
      </Button>
      <Hr data-skip-in-text={true} style={{ margin: "28px 0 16px", borderColor: "#e5e7eb" }} />
      <Text style={{ fontSize: "13px", lineHeight: "20px", color: "#6b7280", wordBreak: "break-all" }}>
        ${jsx(texts.action)}${jsx(s.colon)}<Link href={variables.${options.linkVariable}} style={{ color: "#2563eb" }}>{variables.${options.linkVariable}}</Link>
      </Text>
    </>
  );
}

EmailTemplate.PreviewVariables = ${JSON.stringify(options.preview)};
`;
};

/** A payment notice: what was bought, for how much, and an optional link (receipt or invoice), in one language. */
const paymentTemplate = (
  s: MailStrings,
  kind: PaymentKind,
  options: {
    /** Variables beyond productName and amount: name, type and whether it may be left out. */
    variables: Array<[string, "string" | "number", boolean]>;
    /** The paragraphs after the message. */
    lines: string;
    linkVariable: string;
    preview: Record<string, string | number>;
  },
) => {
  const texts = s[kind];
  return `import { Button, Heading, Text } from "@react-email/components";
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
      <Subject value={${templateLiteral(texts.subject)}} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2" style={{ fontSize: "20px", margin: "0 0 20px" }}>${jsx(texts.heading)}</Heading>
      ${greeting(s)}
      <Text style={paragraph}>${jsx(texts.message)}</Text>
${options.lines}
      {variables.${options.linkVariable} ? (
        <Button href={variables.${options.linkVariable}} style={{ backgroundColor: "#2563eb", color: "#ffffff", borderRadius: "6px", padding: "12px 20px", fontSize: "15px", fontWeight: 600, textDecoration: "none", margin: "8px 0" }}>
          ${jsx(texts.action)}
        </Button>
      ) : null}
    </>
  );
}

EmailTemplate.PreviewVariables = ${JSON.stringify(options.preview)};
`;
};

/** Each built-in template's source in one language. */
const templateSources = (s: MailStrings): Record<keyof typeof BUILT_IN_TEMPLATE_IDS, string> => ({
  emailVerification: actionTemplate(s, "emailVerification", {
    variables: ["emailVerificationLink"],
    linkVariable: "emailVerificationLink",
    preview: { emailVerificationLink: "https://example.com/verify?code=preview" },
  }),
  passwordReset: actionTemplate(s, "passwordReset", {
    variables: ["passwordResetLink"],
    linkVariable: "passwordResetLink",
    preview: { passwordResetLink: "https://example.com/reset?code=preview" },
  }),
  magicLink: actionTemplate(s, "magicLink", {
    variables: ["magicLink", "otp"],
    extra: `
      <Text data-skip-in-text={true} style={{ fontSize: "28px", fontWeight: 700, letterSpacing: "4px", fontFamily: "ui-monospace, Menlo, monospace", margin: "8px 0 16px" }}>{variables.otp}</Text>`,
    linkVariable: "magicLink",
    preview: { magicLink: "https://example.com/sign-in?code=preview", otp: "3SLSWZ" },
  }),
  teamInvitation: actionTemplate(s, "teamInvitation", {
    variables: ["teamDisplayName", "teamInvitationLink"],
    linkVariable: "teamInvitationLink",
    preview: { teamDisplayName: "My Team", teamInvitationLink: "https://example.com/invitation?code=preview" },
  }),
  signInInvitation: actionTemplate(s, "signInInvitation", {
    variables: ["signInInvitationLink"],
    linkVariable: "signInInvitationLink",
    preview: { signInInvitationLink: "https://example.com/sign-in" },
  }),
  paymentReceipt: paymentTemplate(s, "paymentReceipt", {
    variables: [
      ["quantity", "number", false],
      ["receiptLink", "string", true],
    ],
    lines: `      <Text style={paragraph}>${jsx(s.paymentReceipt.amount)}</Text>
      <Text style={paragraph}>${jsx(s.paymentReceipt.quantity)}</Text>`,
    linkVariable: "receiptLink",
    preview: { productName: "Pro plan", quantity: 1, amount: "$20.00", receiptLink: "https://example.com/receipt" },
  }),
  paymentFailed: paymentTemplate(s, "paymentFailed", {
    variables: [
      ["invoiceUrl", "string", true],
      ["failureReason", "string", true],
    ],
    lines: `      {variables.failureReason ? <Text style={paragraph}>${jsx(s.paymentFailed.providerSaid)}</Text> : null}
      <Text style={paragraph}>${jsx(s.paymentFailed.checkDetails)}</Text>`,
    linkVariable: "invoiceUrl",
    preview: { productName: "Pro plan", amount: "$20.00", invoiceUrl: "https://example.com/invoice", failureReason: "The card was declined." },
  }),
});

const DISPLAY_NAMES: Record<keyof typeof BUILT_IN_TEMPLATE_IDS, string> = {
  emailVerification: "Email Verification",
  passwordReset: "Password Reset",
  magicLink: "Magic Link/OTP",
  teamInvitation: "Team Invitation",
  signInInvitation: "Sign In Invitation",
  paymentReceipt: "Payment Receipt",
  paymentFailed: "Payment Failed",
};

const THEME_COLOURS: Record<string, ThemeColours> = { [BUILT_IN_THEME_IDS.light]: LIGHT, [BUILT_IN_THEME_IDS.dark]: DARK, [BUILT_IN_THEME_IDS.colorful]: COLORFUL };

type TemplateKind = keyof typeof BUILT_IN_TEMPLATE_IDS;
const KIND_OF_TEMPLATE = new Map(Object.entries(BUILT_IN_TEMPLATE_IDS).map(([kind, id]) => [id as string, kind as TemplateKind]));

/** Every built-in template's source in every language. */
const TEMPLATE_SOURCES = Object.fromEntries(MAIL_LOCALES.map((locale) => [locale, templateSources(MAIL_STRINGS[locale])])) as Record<MailLocale, Record<TemplateKind, string>>;

export const BUILT_IN_THEMES: Record<string, { displayName: string; tsxSource: string }> = {
  [BUILT_IN_THEME_IDS.light]: { displayName: "Default Light", tsxSource: LIGHT_THEME_SOURCE },
  [BUILT_IN_THEME_IDS.dark]: { displayName: "Default Dark", tsxSource: DARK_THEME_SOURCE },
  [BUILT_IN_THEME_IDS.colorful]: { displayName: "Default Colorful", tsxSource: COLORFUL_THEME_SOURCE },
};

/** The built-in templates as the template list shows them: in English. */
export const BUILT_IN_TEMPLATES: Record<string, { displayName: string; tsxSource: string; themeId?: string | false }> = Object.fromEntries(
  Object.entries(BUILT_IN_TEMPLATE_IDS).map(([kind, id]) => [
    id,
    { displayName: DISPLAY_NAMES[kind as TemplateKind], tsxSource: TEMPLATE_SOURCES[DEFAULT_MAIL_LOCALE][kind as TemplateKind] },
  ]),
);

/**
 * The source to render for template `id` in `locale`: the built-in one in that language while
 * `source` is still the shipped (English) one, else `source` itself, since a project's own
 * text cannot be translated.
 */
export function localizedBuiltInTemplate(id: string, source: string, locale: MailLocale): string {
  const kind = KIND_OF_TEMPLATE.get(id);
  return kind && BUILT_IN_TEMPLATES[id]!.tsxSource === source ? TEMPLATE_SOURCES[locale][kind] : source;
}

/** The same for a theme: a built-in theme the project has not edited speaks the recipient's language. */
export function localizedBuiltInTheme(id: string, source: string, locale: MailLocale): string {
  const colours = THEME_COLOURS[id];
  return colours && BUILT_IN_THEMES[id]!.tsxSource === source ? theme(colours, locale) : source;
}

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
