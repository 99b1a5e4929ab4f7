import * as s from './widgets.css';

/** The person's picture, or the first letter of their name. */
export function Avatar({ name, image }: { name: string; image?: string | null }) {
  return (
    <span className={s.avatar} aria-hidden="true">
      {image ? <img className={s.avatarImage} src={image} alt="" /> : (name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
