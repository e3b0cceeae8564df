import { paths } from '../paths';

/** The icons a service theme can name; the client maps each to its drawing. */
export type ServiceThemeIcon = 'compass' | 'microscope' | 'rocket';

/** The accent a service theme can name; the client maps each to colours that pass WCAG AA. */
export type ServiceThemeColor = 'blue' | 'emerald' | 'violet';

export type ServiceEntry = {
  name: string;
  description: string;
  link: string;
};

/** Spec section 3, "Service theme content". */
export type ServiceTheme = {
  /** Stable anchor on the services page (`/services#leadership`). */
  id: string;
  title: string;
  subtitle: string;
  icon: ServiceThemeIcon;
  color: ServiceThemeColor;
  outcome: string;
  caseStudy: string;
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
    title: 'Product Leadership & Strategy',
    subtitle: 'Senior product thinking from the first week, without a full-time hire.',
    icon: 'compass',
    color: 'blue',
    outcome:
      'A clear product vision, a roadmap your team believes in, and decisions made on evidence instead of opinion.',
    caseStudy:
      'A payments start-up went from a stalled backlog to its first paid plan in ten weeks with a fractional product lead.',
    services: [
      {
        name: 'Fractional Product Management',
        description:
          'An experienced product manager joins your team part-time to own discovery, the roadmap and delivery.',
        link: paths.fractionalProductManagement,
      },
      {
        name: 'Market Fit & Launch Strategy',
        description:
          'Positioning, pricing and a launch plan built around the customers most likely to buy first.',
        link: paths.marketFitLaunchStrategy,
      },
      {
        name: 'Decision Frameworks',
        description:
          'RICE, MoSCoW and Kano scoring that turns a long wish list into an order everyone can defend.',
        link: paths.featurePrioritization,
      },
    ],
  },
  {
    id: 'research',
    title: 'User Research & Validation',
    subtitle: 'Hear from real users before you spend on building the wrong thing.',
    icon: 'microscope',
    color: 'emerald',
    outcome:
      'Confidence that what you build solves a real problem for people who will pay for it, backed by interviews and tests.',
    caseStudy:
      'A health-tech team dropped two planned features and doubled sign-up completion after five days of usability tests.',
    services: [
      {
        name: 'User Research & Testing',
        description:
          'Interviews, usability sessions and surveys with paid participants who match your target users.',
        link: paths.userResearchTesting,
      },
      {
        name: 'Market Validation',
        description:
          'Demand tests and concept studies that tell you whether a market exists before you commit a budget.',
        link: paths.userResearchTesting,
      },
      {
        name: 'Research Validation',
        description:
          'Put a concept, a prototype or a live product in front of our research community and get a clear verdict.',
        link: paths.researchValidation,
      },
    ],
  },
  {
    id: 'execution',
    title: 'Execution & Optimization',
    subtitle: 'Ship faster, measure what matters and keep improving after launch.',
    icon: 'rocket',
    color: 'violet',
    outcome:
      'Faster delivery, healthier conversion and retention, and a team rhythm that keeps improving the product week after week.',
    caseStudy:
      'An online retailer grew sales five-fold within weeks once checkout friction found in funnel analysis was removed.',
    services: [
      {
        name: 'Product Optimization',
        description:
          'Funnel analysis, experiments and UX fixes that lift activation, conversion and retention.',
        link: paths.productOptimization,
      },
      {
        name: 'Operational Excellence',
        description:
          'Lean delivery rituals, clear ownership and metrics that help product and engineering move as one team.',
        link: paths.operationalExcellence,
      },
      {
        name: 'Continuous Growth',
        description:
          'A steady loop of insight, experiment and release that compounds small wins into lasting growth.',
        link: paths.productOptimization,
      },
    ],
  },
];

/** The services page's "Why" section (spec section 1). */
export const serviceReasons = [
  {
    title: 'Proven Expertise',
    description:
      'Product managers who have launched and grown products in fintech, health, retail and logistics.',
  },
  {
    title: 'Flexible Engagement',
    description:
      'Start with a two-week sprint or bring us in for months: part-time, full-time or project-based.',
  },
  {
    title: 'Data-Driven Approach',
    description:
      'Every recommendation is backed by user research, analytics or an experiment you can inspect.',
  },
  {
    title: 'Measurable Results',
    description:
      'We agree on the numbers up front, and clients often see them move within the first 30 days.',
  },
] as const;
