/**
 * Sends picked files to `POST /admin/image` one after another (the body is the file itself), and
 * says how far it got: the API answers each with the stored image's name, or refuses it (415, 413).
 */
import { useState } from 'react';
import { api } from '../../lib/api';
import { fileProblem, uploadProblem } from './image-list';

export interface UploadState {
  /** The file being sent, its place and how many there are; null when idle. */
  current: { name: string; index: number; total: number } | null;
  /** What could not be uploaded, one sentence per file. */
  problems: string[];
}

export interface UploadResult {
  images: string[];
  problems: string[];
}

export function useImageUpload() {
  const [state, setState] = useState<UploadState>({ current: null, problems: [] });

  async function upload(files: readonly File[]): Promise<UploadResult> {
    const images: string[] = [];
    const problems: string[] = [];
    setState({ current: null, problems: [] });
    for (const [index, file] of files.entries()) {
      const refused = fileProblem(file);
      if (refused) {
        problems.push(refused);
        continue;
      }
      setState({ current: { name: file.name, index: index + 1, total: files.length }, problems: [...problems] });
      try {
        images.push((await api.post('/admin/image', { body: file })).image);
      } catch (error) {
        problems.push(uploadProblem(file.name, error));
      }
    }
    setState({ current: null, problems });
    return { images, problems };
  }

  return { ...state, busy: state.current !== null, upload };
}
