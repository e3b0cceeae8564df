import type { MessageKey } from '../i18n/namespaces';
import { paths } from '../paths';

/** A message of the `services` catalogue: the texts below are looked up in the page's language. */
type ServicesKey = MessageKey<'services'>;

/** The icons a service theme can name; the client maps each to its drawing. */
export type ServiceThemeIcon = 'compass' | 'microscope' | 'rocket';

/** The accent a service theme can name; the client maps each to colours that pass WCAG AA. */
export type ServiceThemeColor = 'blue' | 'emerald' | 'violet';

export type ServiceEntry = {
  /** Stable id (React key); the texts are `name` and `description`. */
  id: string;
  name: ServicesKey;
  description: ServicesKey;
  link: string;
};

/** Spec section 3, "Service theme content". Texts are keys of the `services` catalogue. */
export type ServiceTheme = {
  /** Stable anchor on the services page (`/services#leadership`). */
  id: string;
  title: ServicesKey;
  subtitle: ServicesKey;
  icon: ServiceThemeIcon;
  color: ServiceThemeColor;
  outcome: ServicesKey;
  caseStudy: ServicesKey;
  services: readonly ServiceEntry[];
};

/**
 * The three themes of the services page. Links follow spec section 2: Market
 * Validation goes to user research, Decision Frameworks to feature prioritization,
 * Continuous Growth to product optimization; every other service to its own page.
 */
export const serviceThemes: readonly ServiceTheme[] = [
  {
    id: 'leadership',
    title: 'themes.leadership.title',
    subtitle: 'themes.leadership.subtitle',
    icon: 'compass',
    color: 'blue',
    outcome: 'themes.leadership.outcome',
    caseStudy: 'themes.leadership.caseStudy',
    services: [
      {
        id: 'fractional-product-management',
        name: 'offers.fractionalProductManagement.name',
        description: 'offers.fractionalProductManagement.description',
        link: paths.fractionalProductManagement,
      },
      {
        id: 'market-fit-launch-strategy',
        name: 'offers.marketFitLaunchStrategy.name',
        description: 'offers.marketFitLaunchStrategy.description',
        link: paths.marketFitLaunchStrategy,
      },
      {
        id: 'decision-frameworks',
        name: 'offers.decisionFrameworks.name',
        description: 'offers.decisionFrameworks.description',
        link: paths.featurePrioritization,
      },
    ],
  },
  {
    id: 'research',
    title: 'themes.research.title',
    subtitle: 'themes.research.subtitle',
    icon: 'microscope',
    color: 'emerald',
    outcome: 'themes.research.outcome',
    caseStudy: 'themes.research.caseStudy',
    services: [
      {
        id: 'user-research-testing',
        name: 'offers.userResearchTesting.name',
        description: 'offers.userResearchTesting.description',
        link: paths.userResearchTesting,
      },
      {
        id: 'market-validation',
        name: 'offers.marketValidation.name',
        description: 'offers.marketValidation.description',
        link: paths.userResearchTesting,
      },
      {
        id: 'research-validation',
        name: 'offers.researchValidation.name',
        description: 'offers.researchValidation.description',
        link: paths.researchValidation,
      },
    ],
  },
  {
    id: 'execution',
    title: 'themes.execution.title',
    subtitle: 'themes.execution.subtitle',
    icon: 'rocket',
    color: 'violet',
    outcome: 'themes.execution.outcome',
    caseStudy: 'themes.execution.caseStudy',
    services: [
      {
        id: 'product-optimization',
        name: 'offers.productOptimization.name',
        description: 'offers.productOptimization.description',
        link: paths.productOptimization,
      },
      {
        id: 'operational-excellence',
        name: 'offers.operationalExcellence.name',
        description: 'offers.operationalExcellence.description',
        link: paths.operationalExcellence,
      },
      {
        id: 'continuous-growth',
        name: 'offers.continuousGrowth.name',
        description: 'offers.continuousGrowth.description',
        link: paths.productOptimization,
      },
    ],
  },
];

/** The services page's "Why" section (spec section 1). */
export const serviceReasons = [
  {
    id: 'expertise',
    title: 'reasons.expertise.title',
    description: 'reasons.expertise.description',
  },
  {
    id: 'flexible',
    title: 'reasons.flexible.title',
    description: 'reasons.flexible.description',
  },
  {
    id: 'data-driven',
    title: 'reasons.dataDriven.title',
    description: 'reasons.dataDriven.description',
  },
  {
    id: 'results',
    title: 'reasons.results.title',
    description: 'reasons.results.description',
  },
] as const satisfies readonly { id: string; title: ServicesKey; description: ServicesKey }[];
