import { useEffect, useRef, useState, type ReactNode } from 'react';
import { i18n } from './locales/i18n';

/*
 * The door's camera (issue 43): the phone's back camera in a video, read a few times a second by
 * the browser's BarcodeDetector where it has one, else by ZXing's JS QR reader (qr-decoder.ts,
 * loaded here only then). A code still in view is read once; it counts again only after it left
 * the frame for a moment.
 */

type Detect = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = {
  new (opts: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

async function makeDetector(): Promise<Detect> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const formats: string[] = Native ? ((await Native.getSupportedFormats?.().catch(() => [])) ?? []) : [];
  if (Native && formats.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
  }
  const { decodeQr } = await import('./qr-decoder');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!ctx || !video.videoWidth) return null;
    // At most 640 px wide: enough for a ticket held up to the phone, and quick to read.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return decodeQr(frame.data, frame.width, frame.height);
  };
}

let reader: Promise<Detect> | undefined;

/**
 * The reader, made once: the check-in screen asks for it as it opens (with the list), so the
 * scanner also works when the connection drops at the door.
 */
export const prepareDetector = () =>
  (reader ??= makeDetector().catch((err: unknown) => {
    reader = undefined;
    throw err;
  }));

/** The back camera; a camera still held by the last scan, or slow to start, gets two more tries. */
async function openCamera(): Promise<MediaStream> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (err) {
      if (attempt === 3 || (err instanceof DOMException && err.name === 'NotAllowedError')) throw err;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
}

const READ_EVERY_MS = 150;
/** A code out of view this long counts again when it comes back. */
const FORGET_AFTER_MS = 2500;

export function CheckInScanner({ onCode, onClose, result }: { onCode: (text: string) => void; onClose: () => void; result: ReactNode }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: '', seenAt: 0 };
    (async () => {
      try {
        stream = await openCamera();
      } catch {
        setProblem(i18n.t('The camera could not be opened. Allow the camera for this site, or check guests in by name.'));
        return;
      }
      if (stopped || !video.current) return stream.getTracks().forEach((t) => t.stop());
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      let detect: Detect;
      try {
        detect = await prepareDetector();
      } catch {
        setProblem(i18n.t('The ticket reader could not be loaded. Check guests in by name, or try again when online.'));
        return;
      }
      const tick = async () => {
        if (stopped || !video.current) return;
        // A frame that cannot be read is skipped: the next one may be.
        const text = await detect(video.current).catch(() => null);
        const now = Date.now();
        if (text) {
          const fresh = text !== last.text || now - last.seenAt > FORGET_AFTER_MS;
          last = { text, seenAt: now };
          if (fresh) onCodeRef.current(text);
        }
        timer = setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="scanner" role="dialog" aria-modal="true" aria-label={i18n.t('Scan tickets')}>
      <div className="scanner-view">
        <video ref={video} muted playsInline aria-hidden="true" />
        <div className="scanner-frame" aria-hidden="true" />
        {problem ? (
          <p className="scanner-problem">{problem}</p>
        ) : (
          <p className="scanner-hint">{i18n.t('Hold a ticket’s code in the frame')}</p>
        )}
      </div>
      <div className="scanner-result" role="status" aria-live="assertive">
        {result}
      </div>
      <button type="button" className="button scanner-close" onClick={onClose}>
        {i18n.t('Done scanning')}
      </button>
    </div>
  );
}
