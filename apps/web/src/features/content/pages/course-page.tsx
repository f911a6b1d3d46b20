import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { CourseDetail } from '@vidmatrix/contract/api/content';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { SiteMsg as Msg } from '@vidmatrix/contract/messages-site';
import { formatDuration } from '@vidmatrix/contract/rules/format';
import { COURSE_ID_PARAM } from '../../../api/content/content-keys.ts';
import { useCourse } from '../api/get-courses.ts';
import { CoursePlayer } from '../components/course-player.tsx';
import { MarkdownView } from '../components/markdown-view.tsx';
import { PageHero, QueryState } from '../components/page-parts.tsx';
import { CourseCatalog } from './course-catalog-page.tsx';
import styles from './content-page.module.css';

function Course({ course }: { course: CourseDetail }) {
  const { pathname, search } = useLocation();
  const [chosen, setChosen] = useState(course.chapters[0]?.slug ?? '');
  const chapter = course.chapters.find((c) => c.slug === chosen) ?? course.chapters[0];
  const signIn = `${PublicPath.homeLogin}?redirect=${encodeURIComponent(pathname + search)}`;
  return (
    <div className={styles.player}>
      <div>
        <div className={styles.screen}>
          {chapter?.video ? (
            <CoursePlayer key={chapter.slug} url={chapter.video} poster={course.cover} />
          ) : (
            <div className={styles.locked} data-testid="chapter-locked">
              {chapter && !chapter.playable ? (
                <>
                  <span>{Msg.chapterSignIn}</span>
                  <Link className={styles.button} to={signIn}>
                    登录观看
                  </Link>
                </>
              ) : (
                <span>视频准备中，请稍后刷新</span>
              )}
            </div>
          )}
        </div>
        {chapter ? (
          <div className={styles.card} style={{ marginTop: 20 }}>
            <h2 style={{ margin: '0 0 8px' }}>{chapter.title}</h2>
            <MarkdownView source={chapter.body} />
          </div>
        ) : null}
      </div>
      <aside className={styles.card} style={{ padding: 8 }}>
        <p style={{ margin: '12px 12px 4px', fontWeight: 700 }}>{course.title}</p>
        <p className={styles.muted} style={{ margin: '0 12px 8px', fontSize: 13 }}>
          {course.chapter_count} 节{course.duration > 0 ? ` · 共 ${formatDuration(course.duration)}` : ''}
        </p>
        <ol className={styles.chapters}>
          {course.chapters.map((c, index) => (
            <li key={c.slug}>
              <button
                type="button"
                className={`${styles.chapter} ${c.slug === chapter?.slug ? styles.chapterActive : ''}`}
                onClick={() => setChosen(c.slug)}
                data-testid="chapter"
              >
                <span>{index + 1}</span>
                <span className={styles.chapterTitle}>{c.title}</span>
                {c.members_only ? (
                  <span className={`${styles.tag} ${c.playable ? '' : styles.tagGrey}`}>
                    {c.playable ? '会员' : '登录观看'}
                  </span>
                ) : (
                  <span className={styles.tag}>免费</span>
                )}
                <span className={styles.muted}>{formatDuration(c.duration)}</span>
              </button>
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}

/** The course of a slug, once loaded. */
function CourseLoader({ slug }: { slug: string }) {
  const query = useCourse(slug);
  return (
    <QueryState query={query} empty="">
      {(course) => <Course key={course.slug} course={course} />}
    </QueryState>
  );
}

/** A course with its chapters and the player; without `?id=` the catalogue. */
function CourseView() {
  const [params] = useSearchParams();
  const slug = params.get(COURSE_ID_PARAM) ?? '';
  return slug ? <CourseLoader slug={slug} /> : <CourseCatalog />;
}

/** /courseCenter: a course's chapters and videos (free chapters for visitors). */
export function CoursePage() {
  return (
    <>
      <PageHero title="课程中心" text="免费章节直接观看；会员章节登录后观看。" />
      <div className={styles.wrap}>
        <CourseView />
      </div>
    </>
  );
}

/** /userCourseDetail: the same course view inside the console for a signed-in member. */
export function UserCourseDetailPage() {
  return (
    <div style={{ padding: 16 }}>
      <CourseView />
    </div>
  );
}
