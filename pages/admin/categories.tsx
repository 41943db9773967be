/**
 * /admin/categories: owners and managers change a category's title, intro, SEO description,
 * navigation group and order, and each featured group's title and products; shoppers see the
 * change on their next request. Others go back to the board; not signed in: on to /admin/login.
 * Private, never cached, never indexed.
 */
import type { InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { CategoryList } from '@/components/admin/categories/category-list';
import { FeaturedGroups } from '@/components/admin/categories/featured-groups';
import { managersPage } from '@/lib/server/staff-page';

export const getServerSideProps = managersPage;

export default function AdminCategories({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Categories" brand={brand} member={staff} current="products" wide>
      <SectionTabs section="products" current="/admin/categories" />
      <CategoryList />
      <FeaturedGroups />
    </AdminFrame>
  );
}
