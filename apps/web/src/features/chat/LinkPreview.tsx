'use client';

import { useEffect, useState } from 'react';
import type { OpenGraphPreview } from '@kedai/contract';
import { loadPreview, previewImage } from './chat';
import { USER_LINK_REL } from './MessageText';
import styles from './chat.module.css';

/**
 * The card under a message for its first link (`POST /opengraph`): the page's site, title,
 * description and picture. Nothing shows while it loads, or when the page has no preview or was
 * refused. The picture is loaded only over https and without a referrer.
 */
export function LinkPreview({ url }: { url: string }) {
  const [preview, setPreview] = useState<OpenGraphPreview | null>(null);
  const [imageFailed, setImageFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setPreview(null);
    void loadPreview(url).then((found) => {
      if (current) setPreview(found);
    });
    return () => {
      current = false;
    };
  }, [url]);

  if (!preview) return null;
  const image = imageFailed ? null : previewImage(preview);
  let host = '';
  try {
    host = new URL(preview.url).host;
  } catch {
    host = '';
  }
  return (
    <a className={styles.preview} href={url} target="_blank" rel={USER_LINK_REL} data-link-preview="">
      {image ? (
        <img
          className={styles.previewImage}
          src={image}
          alt=""
          width={72}
          height={72}
          referrerPolicy="no-referrer"
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
        />
      ) : null}
      <span className={styles.previewText}>
        <span className={styles.previewSite}>{preview.siteName ?? host}</span>
        {preview.title ? <strong className={styles.previewTitle}>{preview.title}</strong> : null}
        {preview.description ? <span className={styles.previewDescription}>{preview.description}</span> : null}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </span>
    </a>
  );
}
