import { Link } from 'react-router';
import { formatDuration } from '@vidmatrix/contract/rules/format';
import { courseHref } from '../../../api/content/content-keys.ts';
import { useCourses } from '../api/get-courses.ts';
import { PageHero, QueryState } from '../components/page-parts.tsx';
import styles from './content-page.module.css';

/** The course catalogue by category; each course opens on /courseCenter. */
export function CourseCatalog() {
  const query = useCourses();
  return (
    <QueryState query={query} empty="暂无课程">
      {(categories) =>
        categories.map((category) => (
          <section key={category.slug} className={styles.category}>
            <h2>{category.title}</h2>
            <div className={styles.courses}>
              {category.courses.map((course) => (
                <Link
                  key={course.slug}
                  className={`${styles.card} ${styles.course}`}
                  to={courseHref(course.slug)}
                  data-testid="course-card"
                >
                  {course.cover ? (
                    <img className={styles.courseCover} src={course.cover} alt="" />
                  ) : (
                    <div className={styles.courseCover}>{course.title}</div>
                  )}
                  <h3>{course.title}</h3>
                  <p className={styles.muted}>{course.summary}</p>
                  <div className={styles.meta}>
                    <span>{course.chapter_count} 节</span>
                    {/* A course whose chapters have no video yet has no length to show (not 共 00:00). */}
                    {course.duration > 0 ? <span>共 {formatDuration(course.duration)}</span> : null}
                    {course.free_count > 0 ? <span className={styles.tag}>{course.free_count} 节免费</span> : null}
                  </div>
                </Link>
              ))}
            </div>
          </section>
        ))
      }
    </QueryState>
  );
}

/** /userCourseCenter (流量学院): every course, by category. */
export function CourseCatalogPage() {
  return (
    <>
      <PageHero title="流量学院" text="从上手到精通：账号矩阵、AI剪辑与批量发布的视频课程。" />
      <div className={styles.wrap}>
        <CourseCatalog />
      </div>
    </>
  );
}
