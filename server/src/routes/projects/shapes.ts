import { z } from "@hono/zod-openapi";
import type { Project } from "../../services/projects/project";
import { toProjectConfigView } from "../../services/project-config/project-view";
import type { ProjectInput } from "../../services/projects/projects";
import type { Tenancy } from "../../services/projects/tenancy";
import { ImageUrlSchema } from "../../http/schemas";
import { RATE_LIMIT_BOUNDS, RATE_LIMIT_IDS, RATE_LIMITS, snakeCaseRuleId } from "../../config/rate-limits";

const PermissionRefSchema = z.object({ id: z.string() });
const MergeStrategySchema = z.enum(["link_method", "raise_error", "allow_duplicates"]);

const DomainSchema = z.object({
  domain: z
    .string()
    .max(300)
    .regex(/^https?:\/\/[a-zA-Z0-9*.-]+(:\d+)?\/?$/, "Must be http(s):// followed by a host, optionally with * wildcards")
    .refine((d) => !/\.\.|\/\/\.|\.(:|\/|$)/.test(d), "A domain may not start or end with a dot or contain '..'")
    .openapi({ example: "https://app.example.com" }),
  handler_path: z.string().max(300).startsWith("/", "Handler path must start with /"),
});

const OAuthProviderViewSchema = z.object({
  id: z.string(),
  provider_config_id: z.string(),
  type: z.enum(["shared", "standard"]),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  facebook_config_id: z.string().optional(),
  microsoft_tenant_id: z.string().optional(),
  apple_bundle_ids: z.array(z.string().min(1).max(256)).max(50).optional().openapi({ description: "Bundle ids of native Apple apps (Sign in with Apple)." }),
});

const OAuthProviderInputSchema = OAuthProviderViewSchema.omit({ provider_config_id: true })
  .extend({ apple_bundle_ids: z.array(z.string().min(1).max(256)).max(100).optional() })
  .superRefine((p, ctx) => {
  if (p.type !== "standard") return;
  if (!p.client_id) ctx.addIssue({ code: "custom", path: ["client_id"], message: "Client ID is missing" });
  if (!p.client_secret) ctx.addIssue({ code: "custom", path: ["client_secret"], message: "Client secret is missing" });
});

const EmailConfigSchema = z
  .strictObject({
    type: z.enum(["shared", "standard"]),
    host: z.string().optional(),
    port: z.number().int().min(0).max(65535).optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    sender_name: z.string().optional(),
    sender_email: z.string().optional(),
  })
  .superRefine((e, ctx) => {
    if (e.type !== "standard") return;
    const required = [
      ["host", "Email host is missing"],
      ["port", "Email port is missing"],
      ["username", "Email username is missing"],
      ["password", "Email password is missing"],
      ["sender_name", "Email sender name is missing"],
      ["sender_email", "Email sender email is missing"],
    ] as const;
    for (const [key, message] of required) if (e[key] === undefined || e[key] === "") ctx.addIssue({ code: "custom", path: [key], message });
  });

const RateLimitRuleSchema = z
  .strictObject({
    max: z.number().int().min(1).max(RATE_LIMIT_BOUNDS.maxMax).optional().openapi({ description: "Requests allowed per window." }),
    window_seconds: z.number().int().min(1).max(RATE_LIMIT_BOUNDS.maxWindowSeconds).optional().openapi({ description: "The window, in seconds." }),
  })
  .openapi("RateLimitRule");

const RateLimitsSchema = z
  .strictObject(
    Object.fromEntries(
      RATE_LIMIT_IDS.map((id) => [
        snakeCaseRuleId(id),
        RateLimitRuleSchema.optional().openapi({
          description: `Built-in default ${RATE_LIMITS[id].max} per ${RATE_LIMITS[id].windowSeconds} s (scaled by RATE_LIMIT_MULTIPLIER, replaced by RATE_LIMITS).`,
        }),
      ]),
    ),
  )
  .openapi("RateLimits", {
    description:
      "This project's own rate limits by rule; a rule left out, or a field left out, follows the server-wide setting. " +
      "A PATCH replaces the whole set.",
  });

const configFields = {
  allow_localhost: z.boolean(),
  sign_up_enabled: z.boolean(),
  credential_enabled: z.boolean(),
  magic_link_enabled: z.boolean(),
  passkey_enabled: z.boolean(),
  anonymous_sign_up_enabled: z.boolean().optional().openapi({
    description:
      "Gatehouse's own: whether POST /auth/anonymous/sign-up creates anonymous users (else ANONYMOUS_ACCOUNTS_NOT_ENABLED). " +
      "Read back only once set; absent means true.",
  }),
  client_team_creation_enabled: z.boolean(),
  client_user_deletion_enabled: z.boolean(),
  allow_user_api_keys: z.boolean(),
  allow_team_api_keys: z.boolean(),
  domains: z.array(DomainSchema),
  email_theme: z.string(),
  create_team_on_sign_up: z.boolean(),
  team_creator_default_permissions: z.array(PermissionRefSchema),
  team_member_default_permissions: z.array(PermissionRefSchema),
  user_default_permissions: z.array(PermissionRefSchema),
  oauth_account_merge_strategy: MergeStrategySchema,
  rate_limits: RateLimitsSchema.optional().openapi({ description: "Gatehouse's own; read back only when the project has rate limits of its own." }),
};

export const ProjectConfigSchema = z
  .object({
    ...configFields,
    oauth_providers: z.array(OAuthProviderViewSchema),
    enabled_oauth_providers: z.array(z.object({ id: z.string() })),
    email_config: EmailConfigSchema,
  })
  .openapi("ProjectConfig");

export const ProjectConfigPatchSchema = z
  .strictObject({
    ...configFields,
    oauth_providers: z.array(OAuthProviderInputSchema),
    email_config: EmailConfigSchema,
    require_email_verification: z.boolean().openapi({ description: "Whether users must verify their e-mail before using the app (onboarding.requireEmailVerification)." }),
  })
  .partial()
  .openapi("ProjectConfigPatch");

/** Stack Auth's stages of the dashboard's onboarding of a project; `completed` once past it. */
const ONBOARDING_STATUSES = ["config_choice", "apps_selection", "auth_setup", "domain_setup", "email_theme_setup", "payments_setup", "welcome", "completed"] as const;

export const AdminProjectSchema = z
  .object({
    id: z.string(),
    display_name: z.string(),
    description: z.string(),
    created_at_millis: z.number(),
    is_production_mode: z.boolean(),
    is_development_environment: z.boolean().optional().openapi({ description: "Present, true, only for a project created as a development environment." }),
    owner_team_id: z.string().nullable(),
    onboarding_status: z.enum(ONBOARDING_STATUSES),
    logo_url: z.string().nullable(),
    logo_full_url: z.string().nullable(),
    logo_dark_mode_url: z.string().nullable(),
    logo_full_dark_mode_url: z.string().nullable(),
    config: ProjectConfigSchema,
  })
  .openapi("AdminProject");

const projectFields = {
  display_name: z.string().min(1).max(256),
  description: z.string().max(10_000).nullable(),
  is_production_mode: z.boolean(),
  onboarding_status: z.enum(ONBOARDING_STATUSES),
  logo_url: ImageUrlSchema.nullable(),
  logo_full_url: ImageUrlSchema.nullable(),
  logo_dark_mode_url: ImageUrlSchema.nullable(),
  logo_full_dark_mode_url: ImageUrlSchema.nullable(),
  full_logo_url: ImageUrlSchema.nullable().openapi({ description: "Deprecated: the name Gatehouse used for logo_full_url." }),
  config: ProjectConfigPatchSchema,
};

export const ProjectUpdateSchema = z.strictObject(projectFields).partial().openapi("ProjectUpdate");

export const ProjectCreateSchema = z
  .strictObject({ ...projectFields, owner_team_id: z.uuid(), is_development_environment: z.boolean() })
  .partial()
  .required({ display_name: true, owner_team_id: true })
  .openapi("ProjectCreate");

export function toProjectInput(body: z.infer<typeof ProjectUpdateSchema>): ProjectInput {
  return {
    displayName: body.display_name,
    description: body.description === null ? "" : body.description,
    isProductionMode: body.is_production_mode,
    onboardingStatus: body.onboarding_status,
    logoUrl: body.logo_url,
    fullLogoUrl: body.logo_full_url !== undefined ? body.logo_full_url : body.full_logo_url,
    logoDarkModeUrl: body.logo_dark_mode_url,
    fullLogoDarkModeUrl: body.logo_full_dark_mode_url,
    config: body.config,
  };
}

export function toAdminProject(project: Project, config: Tenancy["config"]): z.infer<typeof AdminProjectSchema> {
  return {
    id: project.id,
    display_name: project.displayName,
    description: project.description,
    created_at_millis: project.createdAtMillis,
    is_production_mode: project.isProductionMode,
    ...(project.isDevelopmentEnvironment ? { is_development_environment: true } : {}),
    owner_team_id: project.ownerTeamId,
    onboarding_status: project.onboardingStatus as (typeof ONBOARDING_STATUSES)[number],
    logo_url: project.logoUrl,
    logo_full_url: project.fullLogoUrl,
    logo_dark_mode_url: project.logoDarkModeUrl,
    logo_full_dark_mode_url: project.fullLogoDarkModeUrl,
    config: toProjectConfigView(config),
  };
}
