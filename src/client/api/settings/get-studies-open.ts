import { apiJson } from '@/client/lib/api';
import { type ReadOptions, useRead } from '@/client/lib/reads';
import type { Settings } from '@/shared/schemas/settings';
import { REFRESH_EVERY_MS } from '../refresh';
import { settingsKeys } from './keys';

export type SettingsAnswer = { settings: Settings };

/** GET /api/settings: whether studies are open or postponed (anyone may read it). */
export function getSettings(signal?: AbortSignal): Promise<SettingsAnswer> {
  return apiJson<SettingsAnswer>('GET', settingsKeys.path, undefined, signal);
}

const selectStudiesOpen = (answer: SettingsAnswer) => answer.settings.studiesOpen;

/**
 * The `studiesOpen` setting as every notice reads it: asked again every 30 s and when the
 * window regains focus, so opening or postponing studies reaches pages already open. Its
 * `data` is `undefined` until the server has answered (and if the first answer failed);
 * each notice decides what that means for it. Through the page's data layer
 * (lib/reads.ts): the text pages' footer and notices read it too.
 */
export function studiesOpenQueryOptions(): ReadOptions<SettingsAnswer, boolean> {
  return {
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: REFRESH_EVERY_MS,
    refetchInterval: REFRESH_EVERY_MS,
    refetchOnWindowFocus: true,
    select: selectStudiesOpen,
  };
}

export function useStudiesOpen() {
  return useRead(studiesOpenQueryOptions());
}
