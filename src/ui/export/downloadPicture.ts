/**
 * Downloads an exported picture: the SVG text as it is, or a PNG drawn from it at twice
 * its size (an Image of the SVG onto a canvas), so it stays sharp on a high-density screen
 * and in slides.
 */
import type { SvgPicture } from '../../viz/export/timelineSvg';

export const PNG_SCALE = 2;

export function fileStem(scenarioName: string, what: string): string {
  const s = scenarioName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${s || 'scenario'}-${what}`;
}

function save(blob: Blob, file: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = file;
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function downloadSvg(pic: SvgPicture, stem: string): void {
  save(new Blob([pic.svg], { type: 'image/svg+xml' }), `${stem}.svg`);
}

export async function svgToPng(pic: SvgPicture, scale = PNG_SCALE): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([pic.svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image(pic.width, pic.height);
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(pic.width * scale);
    canvas.height = Math.round(pic.height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function downloadPng(pic: SvgPicture, stem: string): Promise<void> {
  save(await svgToPng(pic), `${stem}.png`);
}
