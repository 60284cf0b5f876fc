import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '../../ui/Alert';
import { imageSrc } from '../../lib/assets';
import { UPLOAD_ACCEPT, addImages, moveImage, removeImage, shortName } from './image-list';
import { useImageUpload } from './useImageUpload';

interface Props {
  /** The fieldset's id (an error summary links to it). */
  id: string;
  images: string[];
  onChange: (images: string[]) => void;
  /** `assets_url` of `GET /config`; thumbnails are not shown until it is known. */
  assetsUrl: string | undefined;
  error?: string | undefined;
}

/**
 * A product's images: upload several at once, see each one's thumbnail, put them in order (the
 * first is the main image) with buttons, remove one; an image already on the assets host can be
 * added by its name.
 */
export function ImagesEditor({ id, images, onChange, assetsUrl, error }: Props) {
  const uploads = useImageUpload();
  const [typed, setTyped] = useState('');
  const [news, setNews] = useState('');
  const focusNext = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusNext.current === null) return;
    const target = document.getElementById(focusNext.current) ?? fileInput.current;
    focusNext.current = null;
    target?.focus();
  }, [images]);

  async function picked(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    if (files.length === 0) return;
    const { images: stored } = await uploads.upload(files);
    input.value = '';
    if (stored.length > 0) {
      onChange(addImages(images, stored));
      setNews(stored.length === 1 ? '1 image was uploaded.' : `${stored.length} images were uploaded.`);
    } else setNews('');
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    const last = images.length - 1;
    // Focus stays with the image that moved: on the same button, or on the other one at an end.
    const same = by === -1 ? 'up' : 'down';
    const atEnd = (same === 'up' && to === 0) || (same === 'down' && to === last);
    focusNext.current = `${id}-${to}-${atEnd ? (same === 'up' ? 'down' : 'up') : same}`;
    onChange(moveImage(images, index, by));
    setNews(`${shortName(images[index]!)} is now image ${to + 1} of ${images.length}${to === 0 ? ', the main image' : ''}.`);
  }

  function remove(index: number) {
    const next = removeImage(images, index);
    focusNext.current = next.length === 0 ? null : `${id}-${Math.min(index, next.length - 1)}-remove`;
    if (next.length === 0) fileInput.current?.focus();
    onChange(next);
    setNews(`${shortName(images[index]!)} was removed from the product.`);
  }

  const status = uploads.current
    ? `Uploading ${uploads.current.total > 1 ? `${uploads.current.index} of ${uploads.current.total}: ` : ''}${uploads.current.name}…`
    : news;

  return (
    <fieldset id={id} tabIndex={-1}>
      <legend>Images</legend>
      <p className="hint">The first image is the main image, shown in lists and search. Images are saved with the product.</p>
      {error ? <p className="field-error">{error}</p> : null}
      {images.length === 0 ? (
        <p>No images yet.</p>
      ) : (
        <ol className="image-list" aria-label="Images in order">
          {images.map((name, index) => (
            <li key={name} className="image-item">
              {assetsUrl ? <img className="thumb" src={imageSrc(assetsUrl, name)} alt="" width={96} height={96} loading="lazy" /> : null}
              <span className="image-name" id={`${id}-${index}-name`}>
                {index + 1}. {shortName(name)}
                {index === 0 ? <strong> (main image)</strong> : null}
              </span>
              <span className="image-actions">
                <button
                  type="button"
                  id={`${id}-${index}-up`}
                  className="button button--secondary"
                  disabled={index === 0}
                  aria-describedby={`${id}-${index}-name`}
                  onClick={() => move(index, -1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  id={`${id}-${index}-down`}
                  className="button button--secondary"
                  disabled={index === images.length - 1}
                  aria-describedby={`${id}-${index}-name`}
                  onClick={() => move(index, 1)}
                >
                  Move down
                </button>
                <button
                  type="button"
                  id={`${id}-${index}-remove`}
                  className="button button--danger"
                  aria-describedby={`${id}-${index}-name`}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="field">
        <label htmlFor={`${id}-files`}>Add images</label>
        <p className="hint" id={`${id}-files-hint`}>
          JPEG, PNG, WebP, AVIF or GIF; pick several at once. They are added at the end.
        </p>
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          disabled={uploads.busy}
          aria-describedby={`${id}-files-hint`}
          onChange={(event) => void picked(event)}
        />
      </div>
      <p role="status" className="hint">
        {status}
      </p>
      {uploads.problems.length > 0 ? (
        <Alert tone="error" title="Some files were not uploaded">
          <ul>
            {uploads.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <details>
        <summary>Add an image already on the assets host, by its name</summary>
        <div className="row">
          <div className="field">
            <label htmlFor={`${id}-typed`}>Image name</label>
            <input id={`${id}-typed`} type="text" placeholder="products/…webp" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (typed.trim() === '') return;
              onChange(addImages(images, [typed]));
              setNews(`${shortName(typed.trim())} was added.`);
              setTyped('');
            }}
          >
            Add this image
          </button>
        </div>
      </details>
    </fieldset>
  );
}
