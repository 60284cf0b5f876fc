import { useRef, type ChangeEvent } from 'react';
import { imageSrc } from '../../lib/assets';
import { Alert } from '../../ui/Alert';
import { UPLOAD_ACCEPT, shortName } from './image-list';
import { useImageUpload } from './useImageUpload';

interface Props {
  id: string;
  label: string;
  /** The image's name on the assets host; '' for none. */
  value: string;
  onChange: (name: string) => void;
  assetsUrl: string | undefined;
  error?: string | undefined;
}

/** One image (a merchant's logo): its thumbnail, an upload that replaces it, and removing it. */
export function LogoField({ id, label, value, onChange, assetsUrl, error }: Props) {
  const uploads = useImageUpload();
  const fileInput = useRef<HTMLInputElement>(null);

  async function picked(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const { images } = await uploads.upload([file]);
    input.value = '';
    if (images[0]) onChange(images[0]);
  }

  return (
    <fieldset id={id} tabIndex={-1}>
      <legend>{label}</legend>
      {error ? <p className="field-error">{error}</p> : null}
      {value ? (
        <div className="image-item">
          {assetsUrl ? <img className="thumb" src={imageSrc(assetsUrl, value)} alt="" width={96} height={96} /> : null}
          <span className="image-name" id={`${id}-name`}>
            {shortName(value)}
          </span>
          <button
            type="button"
            className="button button--danger"
            aria-describedby={`${id}-name`}
            onClick={() => {
              onChange('');
              fileInput.current?.focus();
            }}
          >
            Remove the {label.toLowerCase()}
          </button>
        </div>
      ) : (
        <p>None yet.</p>
      )}
      <div className="field">
        <label htmlFor={`${id}-file`}>{value ? `Replace the ${label.toLowerCase()}` : `Upload a ${label.toLowerCase()}`}</label>
        <p className="hint" id={`${id}-file-hint`}>
          JPEG, PNG, WebP, AVIF or GIF. Saved with the form.
        </p>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_ACCEPT}
          disabled={uploads.busy}
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => void picked(event)}
        />
      </div>
      <p role="status" className="hint">
        {uploads.current ? `Uploading ${uploads.current.name}…` : ''}
      </p>
      {uploads.problems.length > 0 ? (
        <Alert tone="error">
          {uploads.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </Alert>
      ) : null}
    </fieldset>
  );
}
