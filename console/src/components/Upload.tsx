import { useState } from 'preact/hooks';
import { errorMessage, svc } from '../api.js';
import { extensionOf } from '../format.js';
import { Alert } from './Alert.js';

export interface Uploaded {
  fileId: string;
  file: File;
  /** Length of an audio or video file as the browser reads it (undefined when it cannot). */
  seconds?: number;
}

/**
 * Picks a file and sends it: an upload grant from the API, then a PUT straight to the granted URL
 * with XMLHttpRequest, the one browser API that reports upload progress.
 */
export function Upload(props: {
  accept: string;
  label: string;
  testid: string;
  hint?: string;
  onUploaded: (u: Uploaded | null) => void;
}) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const pick = async (file: File | undefined) => {
    props.onUploaded(null);
    setError('');
    setDone('');
    if (!file) return setPercent(null);
    setPercent(0);
    try {
      const grant = await svc.uploads.createUrl({ file_extension: extensionOf(file.name) });
      await put(grant.upload_url, grant.content_type, file, setPercent);
      const seconds = await mediaSeconds(file);
      setDone(`${file.name} uploaded`);
      props.onUploaded({ fileId: grant.file_id, file, seconds });
    } catch (e) {
      setPercent(null);
      setError(errorMessage(e));
    }
  };

  return (
    <div class="field">
      <label>
        {props.label}
        <input
          type="file"
          accept={props.accept}
          data-testid={`${props.testid}-input`}
          onChange={(e) => void pick((e.currentTarget as HTMLInputElement).files?.[0])}
        />
      </label>
      {props.hint && <p class="hint">{props.hint}</p>}
      {percent !== null && (
        <div class="progress-row">
          <progress max={100} value={percent} data-testid={`${props.testid}-progress`} />
          <span data-testid={`${props.testid}-percent`}>{percent}%</span>
        </div>
      )}
      <Alert kind="ok" testid={`${props.testid}-done`}>
        {done}
      </Alert>
      <Alert testid={`${props.testid}-error`}>{error}</Alert>
    </div>
  );
}

function put(url: string, contentType: string, file: File, onPercent: (p: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onPercent(Math.floor((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onPercent(100);
        resolve();
      } else reject(new Error(uploadFailure(xhr)));
    };
    xhr.onerror = () => reject(new Error('the upload was interrupted (network error)'));
    xhr.onabort = () => reject(new Error('the upload was cancelled'));
    xhr.send(file);
  });
}

/** The server's own message when the failed PUT answered JSON, else the status. */
function uploadFailure(xhr: XMLHttpRequest): string {
  try {
    const j = JSON.parse(xhr.responseText) as { message?: string };
    if (j.message) return j.message;
  } catch {
    // not JSON
  }
  return `the upload failed (HTTP ${xhr.status})`;
}

/** Reads the duration from the file's metadata, for the cost estimate; gives up quietly. */
function mediaSeconds(file: File): Promise<number | undefined> {
  if (!/^(audio|video)\//.test(file.type)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const el = document.createElement(file.type.startsWith('video/') ? 'video' : 'audio');
    const url = URL.createObjectURL(file);
    const finish = (v: number | undefined) => {
      URL.revokeObjectURL(url);
      resolve(v);
    };
    el.preload = 'metadata';
    el.onloadedmetadata = () => finish(Number.isFinite(el.duration) ? el.duration : undefined);
    el.onerror = () => finish(undefined);
    setTimeout(() => finish(undefined), 5000);
    el.src = url;
  });
}
