import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { PHOTO_LARGE_EDGE, PHOTO_SMALL_EDGE } from '../../../shared/members';
import { Modal } from '../../components/modal';
import { ModalActions } from '../../components/modal-actions';
import { i18n } from './locales/i18n';

/** The square on screen where she places her photo (CSS px). */
const FRAME = 280;
const MAX_ZOOM = 4;

export interface CroppedPhoto {
  large: Blob;
  small: Blob;
}

interface Placement {
  zoom: number;
  /** Top-left of the scaled image relative to the frame (<= 0: the image always covers the frame). */
  x: number;
  y: number;
}

function encodeSquare(bitmap: ImageBitmap, sx: number, sy: number, side: number, edge: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const out = Math.max(1, Math.min(edge, Math.round(side)));
  canvas.width = out;
  canvas.height = out;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error(i18n.t('This browser cannot prepare images.')));
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, sx, sy, side, side, 0, 0, out, out);
  // Drawn pixels only: EXIF (camera, GPS), XMP and IPTC never leave her device.
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(i18n.t('The photo could not be encoded.')))), 'image/webp', 0.86),
  );
}

/**
 * Choose the square of her photo (drag or arrow keys to move, the slider or +/- to zoom), then it
 * is drawn into a large (512 px) and a small (128 px) WebP in the browser. The server cleans
 * them again (the gallery's pipeline) whatever the client.
 */
export function PhotoCropper({
  file,
  onCancel,
  onCropped,
}: {
  file: File;
  onCancel: () => void;
  onCropped: (photo: CroppedPhoto) => void;
}) {
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [place, setPlace] = useState<Placement>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ px: number; py: number; x: number; y: number } | null>(null);

  useEffect(() => {
    let live = true;
    let made: ImageBitmap | null = null;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    createImageBitmap(file, { imageOrientation: 'from-image' })
      .then((b) => {
        made = b;
        if (!live) return b.close();
        setBitmap(b);
        const base = FRAME / Math.min(b.width, b.height);
        // Centred to start with.
        setPlace({ zoom: 1, x: (FRAME - b.width * base) / 2, y: (FRAME - b.height * base) / 2 });
      })
      .catch(() => live && setError(i18n.t('This file could not be read as an image.')));
    return () => {
      live = false;
      URL.revokeObjectURL(objectUrl);
      made?.close();
    };
  }, [file]);

  const base = bitmap ? FRAME / Math.min(bitmap.width, bitmap.height) : 1;
  const width = bitmap ? bitmap.width * base * place.zoom : FRAME;
  const height = bitmap ? bitmap.height * base * place.zoom : FRAME;

  /** Keeps the frame covered: the image's edges never come inside it. */
  function clamp(p: Placement): Placement {
    if (!bitmap) return p;
    const w = bitmap.width * base * p.zoom;
    const h = bitmap.height * base * p.zoom;
    return { zoom: p.zoom, x: Math.min(0, Math.max(FRAME - w, p.x)), y: Math.min(0, Math.max(FRAME - h, p.y)) };
  }

  /** Zoom about the frame's centre. */
  function zoomTo(zoom: number) {
    const z = Math.min(MAX_ZOOM, Math.max(1, zoom));
    const ratio = z / place.zoom;
    const c = FRAME / 2;
    setPlace(clamp({ zoom: z, x: c - (c - place.x) * ratio, y: c - (c - place.y) * ratio }));
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, py: e.clientY, x: place.x, y: place.y };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    setPlace(clamp({ zoom: place.zoom, x: d.x + e.clientX - d.px, y: d.y + e.clientY - d.py }));
  }
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    if (moves[e.key]) {
      e.preventDefault();
      const [dx, dy] = moves[e.key]!;
      setPlace(clamp({ zoom: place.zoom, x: place.x + dx, y: place.y + dy }));
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      zoomTo(place.zoom + 0.25);
    } else if (e.key === '-') {
      e.preventDefault();
      zoomTo(place.zoom - 0.25);
    }
  }

  async function use() {
    if (!bitmap) return;
    setBusy(true);
    setError('');
    try {
      const scale = base * place.zoom;
      const side = FRAME / scale;
      const sx = -place.x / scale;
      const sy = -place.y / scale;
      const [large, small] = await Promise.all([
        encodeSquare(bitmap, sx, sy, side, PHOTO_LARGE_EDGE),
        encodeSquare(bitmap, sx, sy, side, PHOTO_SMALL_EDGE),
      ]);
      onCropped({ large, small });
    } catch (err) {
      setError(err instanceof Error ? err.message : i18n.t('The photo could not be prepared.'));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onCancel}
      title={i18n.t('Your photo')}
      size="small"
      footer={
        <ModalActions
          onCancel={onCancel}
          actionLabel={busy ? i18n.t('Preparing…') : i18n.t('Use this photo')}
          onAction={use}
          disabled={!bitmap || busy}
        />
      }
    >
      <p className="muted cropper-help">
        {i18n.t('Drag the photo (or use the arrow keys) to place your face in the circle; zoom with the slider.')}
      </p>
      <div
        className="cropper-frame"
        role="group"
        aria-label={i18n.t('Photo position: drag, or use the arrow keys to move and + or - to zoom')}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      >
        {url && bitmap ? (
          <img
            src={url}
            alt=""
            draggable={false}
            className="cropper-image"
            style={{ width, height, transform: `translate(${place.x}px, ${place.y}px)` }}
          />
        ) : null}
        <span className="cropper-mask" aria-hidden="true" />
      </div>
      <label className="cropper-zoom">
        <span>{i18n.t('Zoom')}</span>
        <input
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={place.zoom}
          disabled={!bitmap}
          onChange={(e) => zoomTo(Number(e.target.value))}
        />
      </label>
      {error ? (
        <p className="form-message form-message-error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
