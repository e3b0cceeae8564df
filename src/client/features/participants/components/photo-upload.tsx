import { CameraIcon, Loader2Icon } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { Progress } from '@/client/components/ui/progress';
import { toast } from '@/client/components/ui/use-toast';
import { useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { useUploadPhoto } from '@/client/api/participants/upload-photo';
import { photoProblem } from '../photo-rules';

/**
 * The profile photo: shown (or the initials), and replaced by choosing a file, which
 * is checked here, then uploaded with a progress bar.
 */
export function PhotoUpload({
  participantId,
  photoUrl,
  initials,
  onUploaded,
}: {
  participantId: string;
  photoUrl: string | null;
  initials: string;
  onUploaded?: (photoUrl: string) => void;
}) {
  const t = useT('profile');
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadPhoto(participantId, setProgress);
  const hintId = useId();
  const problemId = useId();
  const progressLabelId = useId();

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const found = photoProblem(file);
    if (found) {
      setProblem(found.description);
      toast({
        variant: 'destructive',
        title: t(found.kind === 'type' ? 'photo.invalidType' : 'photo.tooLarge'),
        description: found.description,
      });
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const { photoUrl: url } = await upload.mutateAsync(file);
      toast({
        title: t('photo.uploaded.title'),
        description: t('photo.uploaded.description'),
      });
      onUploaded?.(url);
    } catch (error) {
      const message = errorMessageOf(error, t('photo.failed.default'));
      setProblem(message);
      toast({ variant: 'destructive', title: t('photo.failed.title'), description: message });
    }
  }

  const pending = upload.isPending;
  return (
    <div className="flex items-center gap-4">
      <Avatar className="size-20 text-2xl">
        {photoUrl && <AvatarImage src={photoUrl} alt={t('photo.alt')} />}
        <AvatarFallback className="text-2xl">{initials}</AvatarFallback>
      </Avatar>
      <div className="grid flex-1 gap-2">
        <input
          ref={inputRef}
          type="file"
          accept="image/png,image/jpeg,.jpg,.jpeg,.png"
          className="hidden"
          onChange={(event) => void onChange(event)}
          aria-label={t('photo.input')}
          data-testid="photo-input"
        />
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => inputRef.current?.click()}
            disabled={pending}
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          >
            {pending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <CameraIcon aria-hidden="true" />
            )}
            {t(pending ? 'photo.uploading' : photoUrl ? 'photo.change' : 'photo.upload')}
          </Button>
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('photo.hint')}
        </p>
        {pending && (
          <div className="grid gap-1" role="status">
            <p id={progressLabelId} className="text-sm">
              {t('photo.progress', { percent: progress })}
            </p>
            <Progress value={progress} aria-labelledby={progressLabelId} className="max-w-xs" />
          </div>
        )}
        {problem && !pending && (
          <p id={problemId} className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
