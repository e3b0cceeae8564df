import { useId, useState } from 'react';
import { useUpdateParticipantProfile } from '@/client/api/participants/update-participant-profile';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { PendingButton } from '@/client/components/ui/pending-button';
import { RadioGroup, RadioGroupItem } from '@/client/components/ui/radio-group';
import { toast } from '@/client/components/ui/use-toast';
import { useLanguageState, useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { isLanguage, type Language, languageNames, languages } from '@/shared/i18n/languages';
import { translate } from '@/shared/i18n/runtime';

/**
 * The participant's language (decisions.md section 13): the page's, and the one their
 * mail and SMS are written in. Saved to the profile, then the page switches at once.
 * Arrow keys only move the choice; nothing changes until it is saved.
 */
export function LanguageSetting({
  participantId,
  onSaved,
}: {
  participantId: string;
  onSaved?: () => void;
}) {
  const t = useT('profile');
  const { language: current, choose } = useLanguageState();
  // Null until the participant picks one, so a change made elsewhere (the header's
  // switch) shows here too.
  const [picked, setPicked] = useState<Language | null>(null);
  const selected = picked ?? current;
  const update = useUpdateParticipantProfile(participantId);
  const id = useId();

  async function save() {
    const next = selected;
    try {
      await update.mutateAsync({ language: next });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('language.failed.title'),
        description: errorMessageOf(error, t('language.failed.default')),
      });
      return;
    }
    await choose(next);
    setPicked(null);
    toast({
      title: translate(next, 'profile', 'language.saved.title'),
      description: translate(next, 'profile', 'language.saved.description', {
        language: languageNames[next],
      }),
    });
    onSaved?.();
  }

  return (
    <Card>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!update.isPending) void save();
        }}
      >
        <CardHeader>
          <CardTitle asChild className="text-lg">
            <h2 id={`${id}-title`}>{t('language.title')}</h2>
          </CardTitle>
          <CardDescription id={`${id}-description`}>{t('language.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RadioGroup
            value={selected}
            onValueChange={(value) => {
              if (isLanguage(value)) setPicked(value);
            }}
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-description`}
            disabled={update.isPending}
            className="flex flex-wrap gap-3"
          >
            {languages.map((language) => (
              <div
                key={language}
                className="flex min-h-11 items-center gap-3 rounded-lg border px-4 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
              >
                <RadioGroupItem id={`${id}-${language}`} value={language} />
                <label
                  htmlFor={`${id}-${language}`}
                  lang={language}
                  className="text-sm font-medium"
                >
                  {languageNames[language]}
                </label>
              </div>
            ))}
          </RadioGroup>
          <div className="flex justify-end">
            <PendingButton type="submit" pending={update.isPending} pendingLabel={t('saving')}>
              {t('language.save')}
            </PendingButton>
          </div>
        </CardContent>
      </form>
    </Card>
  );
}
