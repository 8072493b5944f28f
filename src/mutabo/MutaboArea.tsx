// The authors' area: one lazily loaded root with its own routes, so none of it (nor the editor and draft-js)
// is part of the visitor pages' first load. Guests are sent to login by the route's RequireAuth.
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { areaPaths } from './areaPaths.ts';
import { CourseEditorPage } from './courses/CourseEditorPage.tsx';
import { CourseListPage } from './courses/CourseListPage.tsx';
import { LessonEditorPage } from './lessons/LessonEditorPage.tsx';
import { AreaLayout } from './shell/AreaLayout.tsx';
import { AuthorGate } from './shell/AuthorGate.tsx';
import { areaSections } from './shell/sections.ts';
import { UnderConstruction } from './shell/UnderConstruction.tsx';

/** Relative to /mutabo: the routes below are matched under the area's splat. */
const relative = (path: string) => path.slice(areaPaths.root.length + 1);

export function MutaboArea() {
  return (
    <AuthorGate>
      <AreaLayout>
        <Routes>
          <Route index element={<Navigate to={areaPaths.courses} replace />} />
          <Route path={relative(areaPaths.courses)} element={<CourseListPage />} />
          <Route path={relative(areaPaths.newCourse)} element={<CourseEditorPage />} />
          <Route path="courses/:courseId" element={<CourseEditorPage />} />
          <Route path="courses/:courseId/lessons/new" element={<LessonEditorPage />} />
          <Route path="courses/:courseId/lessons/:lessonId" element={<LessonEditorPage />} />
          {areaSections
            .filter((section) => !section.built)
            .map((section) => (
              <Route key={section.path} path={relative(section.path)} element={<UnderConstruction title={section.label} />} />
            ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </AreaLayout>
    </AuthorGate>
  );
}
