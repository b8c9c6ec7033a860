import sharp from 'sharp';

/**
 * The cartoon style (video/create_by_image model 5 is the photo as it is, model 6 this): an
 * edge-preserving posterisation. Textures are flattened by a median filter (which keeps edges
 * sharp, unlike a blur), the palette is reduced to a few flat tones without dithering, and the
 * picture's strong edges are inked in as thin dark lines. The geometry is unchanged, so a face
 * tracked on the original animates the stylised picture exactly.
 */

/** Flat tones in the stylised picture. */
export const CARTOON_COLOURS = 20;
/** Laplacian response (0..255) above which a pixel is inked as an edge. */
const EDGE_THRESHOLD = 34;

export async function cartoonise(inputPath: string, outPath: string): Promise<string> {
  const meta = await sharp(inputPath).metadata();
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  // Median size scales with the picture, so a 4K portrait is flattened as much as a 720p one.
  const k = Math.max(3, Math.round(Math.max(width, height) / 160) | 1);
  const flat = await sharp(inputPath, { autoOrient: true })
    .removeAlpha()
    .median(k)
    .modulate({ saturation: 1.3, brightness: 1.03 })
    .png({ palette: true, colors: CARTOON_COLOURS, dither: 0 })
    .toBuffer();
  // sharp runs its operations in a fixed order, not call order: each step is its own pass.
  const edges = await sharp(inputPath, { autoOrient: true })
    .greyscale()
    .median(Math.max(3, (k >> 1) | 1))
    .convolve({ width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] })
    .threshold(EDGE_THRESHOLD)
    .png()
    .toBuffer();
  const ink = await sharp(await sharp(edges).negate().png().toBuffer())
    .blur(0.5)
    .toColourspace('srgb')
    .png()
    .toBuffer();
  await sharp(flat)
    .toColourspace('srgb')
    .composite([{ input: ink, blend: 'multiply' }])
    .png()
    .toFile(outPath);
  return outPath;
}
