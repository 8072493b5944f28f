// The fills that tell series apart without colour: plain, diagonal stripes, dots, a cross-hatch, drawn in the
// series' colour on white as a repeating CanvasPattern (a bar's fill and its legend box alike).
import type { Pattern } from './chartSpec.ts';

const TILE = 8;

export function patternFill(pattern: Pattern, color: string): CanvasPattern | string {
  if (pattern === 'plain') return color;
  const tile = document.createElement('canvas');
  tile.width = TILE;
  tile.height = TILE;
  const context = tile.getContext('2d');
  if (!context) return color;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, TILE, TILE);
  context.strokeStyle = color;
  context.fillStyle = color;
  context.lineWidth = 2;
  if (pattern === 'dots') {
    context.beginPath();
    context.arc(TILE / 2, TILE / 2, 1.8, 0, Math.PI * 2);
    context.fill();
  } else {
    // A stripe from corner to corner and the two halves beside it, so that tiles join into unbroken lines.
    const stripe = (x0: number, y0: number, x1: number, y1: number) => {
      context.beginPath();
      context.moveTo(x0, y0);
      context.lineTo(x1, y1);
      context.stroke();
    };
    stripe(0, TILE, TILE, 0);
    stripe(-TILE / 2, TILE / 2, TILE / 2, -TILE / 2);
    stripe(TILE / 2, TILE * 1.5, TILE * 1.5, TILE / 2);
    if (pattern === 'cross') {
      stripe(0, 0, TILE, TILE);
      stripe(-TILE / 2, TILE / 2, TILE / 2, TILE * 1.5);
      stripe(TILE / 2, -TILE / 2, TILE * 1.5, TILE / 2);
    }
  }
  return context.createPattern(tile, 'repeat') ?? color;
}
