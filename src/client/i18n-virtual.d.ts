declare module 'virtual:i18n-loaders' {
  import type { CompiledCatalogue } from '@/shared/i18n/runtime';
  const loaders: Record<string, () => Promise<{ default: CompiledCatalogue }>>;
  export default loaders;
}
