import { useEffect, useRef } from 'react';
import { useWindowWidth } from '../../components/use-window-width';
import { type SeasonalEffect, seasonalEffect } from '../../engine/seasonal';
import { STORAGE_KEYS } from '../../engine/storage-keys';
import { useAppStore } from '../../state/app-store';

type Particle = {
  x: number;
  y: number;
  r: number;
  vx: number;
  vy: number;
  spin: number;
  angle: number;
  color: string;
  life: number;
};

const PETAL_COLORS = ['#ffd43b', '#fab005', '#ff8fab', '#f783ac'];
const SPARK_COLORS = ['#ff6b6b', '#ffd43b', '#69db7c', '#4dabf7', '#f783ac'];

function spawn(effect: SeasonalEffect, width: number, height: number): Particle[] {
  const count = effect.kind === 'snow' ? effect.flakes : effect.petals;
  return Array.from({ length: count }, () => ({
    x: Math.random() * width,
    y: Math.random() * height,
    r: effect.kind === 'snow' ? 1 + Math.random() * 3 : 4 + Math.random() * 4,
    vx: (Math.random() - 0.5) * 0.6,
    vy: 0.4 + Math.random() * (effect.kind === 'snow' ? 1.2 : 0.8),
    spin: (Math.random() - 0.5) * 0.05,
    angle: Math.random() * Math.PI,
    color:
      effect.kind === 'snow'
        ? '#ffffff'
        : (PETAL_COLORS[Math.floor(Math.random() * PETAL_COLORS.length)] ?? '#ffd43b'),
    life: 0,
  }));
}

function burst(width: number, height: number): Particle[] {
  const x = width * (0.2 + Math.random() * 0.6);
  const y = height * (0.15 + Math.random() * 0.3);
  const color = SPARK_COLORS[Math.floor(Math.random() * SPARK_COLORS.length)] ?? '#ffd43b';
  return Array.from({ length: 40 }, (_, i) => {
    const angle = (i / 40) * Math.PI * 2;
    const speed = 1.5 + Math.random() * 2;
    return {
      x,
      y,
      r: 2,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      spin: 0,
      angle: 0,
      color,
      life: 60,
    };
  });
}

/**
 * Seasonal decorations by the stored `themeSeason`: a canvas over the page that never takes a click
 * or a key (pointer-events: none), only on windows wider than 700 px, and still for people who ask
 * for reduced motion.
 */
export function SeasonalEffects() {
  const configured = useAppStore((s) => s.dataFirstSetting?.UIAppConfig.themeSeason);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stored = configured ?? localStorage.getItem(STORAGE_KEYS.themeSeason) ?? '';
  const effect = seasonalEffect(stored, useWindowWidth());

  useEffect(() => {
    if (configured !== undefined) localStorage.setItem(STORAGE_KEYS.themeSeason, configured);
  }, [configured]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !effect) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const resize = () => {
      canvas.width = window.innerWidth;
      canvas.height = window.innerHeight;
    };
    resize();
    let particles = spawn(effect, canvas.width, canvas.height);
    let sparks: Particle[] = [];
    let frame = 0;
    let handle = 0;
    const draw = () => {
      context.clearRect(0, 0, canvas.width, canvas.height);
      for (const p of particles) {
        if (!still) {
          p.x += p.vx;
          p.y += p.vy;
          p.angle += p.spin;
          if (p.y > canvas.height + 10) {
            p.y = -10;
            p.x = Math.random() * canvas.width;
          }
        }
        context.fillStyle = p.color;
        context.globalAlpha = effect.kind === 'snow' ? 0.8 : 0.9;
        context.beginPath();
        if (effect.kind === 'snow') context.arc(p.x, p.y, p.r, 0, Math.PI * 2);
        else context.ellipse(p.x, p.y, p.r, p.r / 2, p.angle, 0, Math.PI * 2);
        context.fill();
      }
      if (effect.kind === 'tet' && !still) {
        if (frame % 90 === 0) sparks = sparks.concat(burst(canvas.width, canvas.height));
        for (const s of sparks) {
          s.x += s.vx;
          s.y += s.vy;
          s.vy += 0.03;
          s.life -= 1;
          context.globalAlpha = Math.max(0, s.life / 60);
          context.fillStyle = s.color;
          context.fillRect(s.x, s.y, 2, 2);
        }
        sparks = sparks.filter((s) => s.life > 0);
      }
      context.globalAlpha = 1;
      frame += 1;
      if (!still && document.visibilityState === 'visible') handle = requestAnimationFrame(draw);
    };
    const onVisible = () => {
      cancelAnimationFrame(handle);
      if (document.visibilityState === 'visible') handle = requestAnimationFrame(draw);
    };
    const onResize = () => {
      resize();
      particles = spawn(effect, canvas.width, canvas.height);
    };
    handle = requestAnimationFrame(draw);
    window.addEventListener('resize', onResize);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelAnimationFrame(handle);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [effect]);

  if (!effect) return null;
  return (
    <div className="seasonal-effects" aria-hidden="true">
      <canvas
        ref={canvasRef}
        data-effect={effect.kind}
        data-particles={effect.kind === 'snow' ? effect.flakes : effect.petals}
      />
    </div>
  );
}
