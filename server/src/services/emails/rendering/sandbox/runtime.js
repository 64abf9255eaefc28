/* global require -- esbuild resolves these require() calls when it bundles this file, each loaded on first use */
/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * What a rendering sandbox holds besides the template's code: React, react-email's
 * components and renderer, and the few `@stackframe/emails` helpers templates import.
 * Bundled once (esbuild, browser build) and evaluated in every fresh context, so a render
 * shares nothing with the one before it. The worker talks to it through
 * `globalThis.__gatehouse` with strings only.
 */
import { pendingTimers, tick } from "./prelude.js";
import { ReadableStream, WritableStream, TransformStream } from "web-streams-polyfill";
import * as React from "react";
import * as jsxRuntime from "react/jsx-runtime";
import { render, toPlainText, pretty, plainTextSelectors } from "@react-email/render";

/*
 * @react-email/components, one package at a time: the code-block, markdown and tailwind
 * packages take over a second each to start, so each loads only when a template uses it.
 */
const componentPackages = {
  Body: () => require("@react-email/body"),
  Button: () => require("@react-email/button"),
  CodeBlock: () => require("@react-email/code-block"),
  CodeInline: () => require("@react-email/code-inline"),
  Column: () => require("@react-email/column"),
  Container: () => require("@react-email/container"),
  Font: () => require("@react-email/font"),
  Head: () => require("@react-email/head"),
  Heading: () => require("@react-email/heading"),
  Hr: () => require("@react-email/hr"),
  Html: () => require("@react-email/html"),
  Img: () => require("@react-email/img"),
  Link: () => require("@react-email/link"),
  Markdown: () => require("@react-email/markdown"),
  Preview: () => require("@react-email/preview"),
  Row: () => require("@react-email/row"),
  Section: () => require("@react-email/section"),
  Tailwind: () => require("@react-email/tailwind"),
  Text: () => require("@react-email/text"),
};
const codeBlockThemes =
  "a11yDark,atomDark,baseAteliersulphurpoolLight,cb,coldarkCold,coldarkDark,coyWithoutShadows,darcula,dracula,duotoneDark,duotoneEarth,duotoneForest,duotoneLight,duotoneSea,duotoneSpace,ghcolors,gruvboxDark,gruvboxLight,holiTheme,hopscotch,laserwave,lucario,materialDark,materialLight,materialOceanic,nightOwl,nord,oneDark,oneLight,pojoaque,shadesOfPurple,solarizedDarkAtom,synthwave84,vesper,vs,vscDarkPlus,xonokai,zTouch";
for (const name of codeBlockThemes.split(",")) componentPackages[name] = componentPackages.CodeBlock;
for (const name of ["inlineStyles", "pixelBasedPreset", "sanitizeStyleSheet", "setupTailwind"]) componentPackages[name] = componentPackages.Tailwind;
componentPackages.renderWhiteSpace = componentPackages.Preview;

const components = { render, toPlainText, pretty, plainTextSelectors };
for (const [name, load] of Object.entries(componentPackages)) {
  Object.defineProperty(components, name, { enumerable: true, get: () => load()[name] });
}

globalThis.ReadableStream = ReadableStream;
globalThis.WritableStream = WritableStream;
globalThis.TransformStream = TransformStream;

const collected = { subject: undefined, notificationCategory: undefined };
function collector(key, name) {
  const Component = ({ value }) => {
    if (typeof value !== "string") throw new Error(`The "value" of <${name}> must be a string.`);
    collected[key] = value;
    return null;
  };
  Component.displayName = name;
  return Component;
}
const Subject = collector("subject", "Subject");
const NotificationCategory = collector("notificationCategory", "NotificationCategory");

/**
 * The project's logo for a theme: `data` is the `projectLogos` prop themes receive (logo and
 * full logo, each also for dark backgrounds), `mode` the background it goes on. The full logo
 * is preferred; nothing is drawn when the project has none.
 */
function ProjectLogo({ data, mode }) {
  const logos = data || {};
  const dark = mode === "dark";
  const full = (dark && logos.logoFullDarkModeUrl) || logos.logoFullUrl;
  const small = (dark && logos.logoDarkModeUrl) || logos.logoUrl;
  const src = full || small;
  if (!src) return null;
  const Img = components.Img;
  return React.createElement(
    "div",
    { style: { marginBottom: "24px" } },
    React.createElement(Img, { src, alt: "", height: full ? 40 : 32, style: { height: full ? "40px" : "32px", width: "auto" } }),
  );
}
const emailsModule = { Subject, NotificationCategory, ProjectLogo };

/** arktype, for `variablesSchema = type({...})` (as Stack Auth's templates write it); loaded on first import. */
let arktype;
function arktypeModule() {
  if (arktype) return arktype;
  // arktype names the web platform's classes (to tell their instances apart); the sandbox has
  // none of them, so it gets inert ones that cannot be built.
  for (const name of ["Blob", "File", "FormData", "Headers", "Request", "Response", "URL"]) {
    if (globalThis[name] !== undefined) continue;
    globalThis[name] = class {
      constructor() {
        throw new Error(`${name} is not available while rendering e-mail.`);
      }
    };
    Object.defineProperty(globalThis[name], "name", { value: name });
  }
  arktype = require("arktype");
  return arktype;
}

const modules = {
  react: React,
  "react/jsx-runtime": jsxRuntime,
  "react/jsx-dev-runtime": jsxRuntime,
  "@react-email/components": components,
  "@react-email/render": { render, toPlainText, pretty, plainTextSelectors },
  "@stackframe/emails": emailsModule,
  "@gatehouse/emails": emailsModule,
};

function sandboxRequire(name) {
  if (Object.prototype.hasOwnProperty.call(modules, name)) return modules[name];
  if (name === "arktype") return arktypeModule();
  throw new Error(`Cannot import "${name}": e-mail templates may import only react, @react-email/components, @stackframe/emails and arktype.`);
}

const factories = {};
function load(name) {
  const factory = factories[name];
  if (!factory) return {};
  const module = { exports: {} };
  factory(module.exports, sandboxRequire, module);
  return module.exports;
}

function errorText(error) {
  if (error && typeof error === "object" && typeof error.stack === "string") return error.stack;
  return String(error);
}

async function renderAll(input) {
  const theme = load("theme");
  const template = load("template");
  const EmailTheme = theme.EmailTheme;
  const EmailTemplate = template.EmailTemplate;
  if (typeof EmailTheme !== "function") throw new Error("The theme must export a function component named EmailTheme.");
  if (typeof EmailTemplate !== "function") throw new Error("The template must export a function component named EmailTemplate.");

  let variables = { ...(input.previewMode ? EmailTemplate.PreviewVariables || template.previewVariables || {} : {}), ...input.variables };
  const schema = template.variablesSchema;
  if (typeof schema === "function") {
    const checked = schema(variables);
    if (checked instanceof Error) throw checked;
    if (checked && typeof checked === "object" && typeof checked.summary === "string" && checked[Symbol.iterator]) throw new Error(checked.summary);
    if (checked && typeof checked === "object") variables = checked;
  }
  const props = { variables, user: input.user, project: input.project };
  const unsubscribeLink = input.previewMode ? (EmailTheme.PreviewProps && EmailTheme.PreviewProps.unsubscribeLink) ?? input.unsubscribeLink : input.unsubscribeLink;
  const themeProps = { unsubscribeLink, projectLogos: input.projectLogos || {}, projectDisplayName: input.project.displayName };
  const email = React.createElement(EmailTheme, themeProps, React.createElement(EmailTemplate, props));

  const html = await render(email);
  const text = toPlainText(html);

  const pick = (exported) => (typeof exported === "function" ? exported(props) : exported);
  const subject = collected.subject ?? pick(template.subject);
  const notificationCategory = collected.notificationCategory ?? pick(template.notificationCategory);
  return {
    html,
    text,
    subject: typeof subject === "string" ? subject : undefined,
    notificationCategory: typeof notificationCategory === "string" ? notificationCategory : undefined,
  };
}

globalThis.__gatehouse = {
  tick,
  pendingTimers,
  define(name, factory) {
    factories[name] = factory;
  },
  state: "idle",
  result: "",
  start(inputJson) {
    this.state = "running";
    renderAll(JSON.parse(inputJson)).then(
      (out) => {
        this.result = JSON.stringify(out);
        this.state = "done";
      },
      (error) => {
        this.result = errorText(error);
        this.state = "failed";
      },
    );
  },
};
