/** The onboarding wizard's steps (domain spec §1), in order, and the address of each. */
export const ONBOARDING_STEPS = ["welcome", "company", "locations_users", "content", "finish"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const STEP_PATHS: Record<OnboardingStep, string> = {
  welcome: "/setup",
  company: "/setup/company",
  locations_users: "/setup/locations-users",
  content: "/setup/content",
  finish: "/setup/finish",
};

/** What the content step offers: generated test content, the user's own (nothing), or a file to import. */
export const CONTENT_CHOICES = ["generate", "own", "import"] as const;
export type ContentChoice = (typeof CONTENT_CHOICES)[number];
