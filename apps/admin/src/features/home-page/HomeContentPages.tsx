/**
 * `/home-page/…`: the storefront home page's banners, popups and product groups (in the order it
 * shows them) and the image pages, each list with its own tab.
 */
import { NavLink } from 'react-router';
import type { AdminBanner, AdminHomeGroup, AdminImagePage, AdminPopup } from '@kedai/contract';
import { api } from '../../lib/api';
import { imageSrc } from '../../lib/assets';
import { useShopConfig } from '../../lib/shop-config';
import { PageHeading } from '../../ui/PageHeading';
import { useCategories } from '../products/reference';
import { ContentList } from './ContentList';
import { bannerInput, groupInput, imagePageInput, imagePagePath, popupInput } from './home-content';
import { BANNERS_KEY, GROUPS_KEY, IMAGE_PAGES_KEY, POPUPS_KEY, useBanners, useGroups, useImagePages, usePopups } from './queries';

const HOME_SECTIONS = [
  { path: 'banners', label: 'Banners' },
  { path: 'popups', label: 'Popups' },
  { path: 'groups', label: 'Product groups' },
  { path: 'image-pages', label: 'Image pages' },
] as const;

/** The heading and the tabs of the home page section. */
function HomeSection({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <PageHeading title={`Home page: ${title}`} />
      <nav aria-label="Home page content">
        <ul className="link-list">
          {HOME_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={`/home-page/${section.path}`}>{section.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="hint">{intro}</p>
    </>
  );
}

function Picture({ name }: { name: string | null }) {
  const config = useShopConfig();
  const assetsUrl = config.data?.assets_url;
  if (!name || !assetsUrl) return <span className="hint">—</span>;
  return <img className="thumb thumb--small" src={imageSrc(assetsUrl, name)} alt="" width={48} height={48} />;
}

const linkText = (link: string | null) => (link ? <code>{link}</code> : <span className="hint">No link</span>);

export function BannersPage() {
  return (
    <>
      <HomeSection
        title="Banners"
        intro="The carousel at the top of the storefront's home page, first to last. Hidden banners are kept but not shown."
      />
      <ContentList<AdminBanner>
        what="banner"
        caption="Banners"
        list={useBanners()}
        queryKey={BANNERS_KEY}
        newPath="/home-page/banners/new"
        editPath={(b) => `/home-page/banners/${b.id}`}
        name={(b) => b.title}
        picture={(b) => <Picture name={b.image} />}
        details={(b) => linkText(b.link)}
        ordered
        save={(b, changes) => api.put('/admin/banner/:id', { params: { id: b.id }, body: bannerInput(b, changes) })}
        remove={(b) => api.delete('/admin/banner/:id', { params: { id: b.id } })}
      />
    </>
  );
}

export function PopupsPage() {
  return (
    <>
      <HomeSection title="Popups" intro="What the home page offers in a popup, first to last. Hidden popups are kept but not shown." />
      <ContentList<AdminPopup>
        what="popup"
        caption="Popups"
        list={usePopups()}
        queryKey={POPUPS_KEY}
        newPath="/home-page/popups/new"
        editPath={(p) => `/home-page/popups/${p.id}`}
        name={(p) => p.name}
        picture={(p) => <Picture name={p.image} />}
        details={(p) => linkText(p.link)}
        ordered
        save={(p, changes) => api.put('/admin/popup/:id', { params: { id: p.id }, body: popupInput(p, changes) })}
        remove={(p) => api.delete('/admin/popup/:id', { params: { id: p.id } })}
      />
    </>
  );
}

export function GroupsPage() {
  const categories = useCategories().data?.categories ?? [];
  const source = (g: AdminHomeGroup) => {
    if (g.categoryId === null) return `${g.productIds.length} chosen products, shows ${g.productLimit}`;
    const category = categories.find((c) => c.id === g.categoryId);
    return `Newest of ${category ? category.name : 'a category'}, shows ${g.productLimit}`;
  };
  return (
    <>
      <HomeSection
        title="Product groups"
        intro="The strips of products on the home page, first to last: each shows a category's newest products or products chosen by hand."
      />
      <ContentList<AdminHomeGroup>
        what="product group"
        caption="Product groups"
        list={useGroups()}
        queryKey={GROUPS_KEY}
        newPath="/home-page/groups/new"
        editPath={(g) => `/home-page/groups/${g.id}`}
        name={(g) => g.name}
        picture={() => <span className="hint">—</span>}
        details={source}
        ordered
        save={(g, changes) => api.put('/admin/home_product_group/:id', { params: { id: g.id }, body: groupInput(g, changes) })}
        remove={(g) => api.delete('/admin/home_product_group/:id', { params: { id: g.id } })}
      />
    </>
  );
}

export function ImagePagesPage() {
  return (
    <>
      <HomeSection
        title="Image pages"
        intro="Pages made of pictures (a lookbook, a gift guide) that banners and popups can link to. Hidden pages answer “not found”."
      />
      <ContentList<AdminImagePage>
        what="image page"
        caption="Image pages"
        list={useImagePages()}
        queryKey={IMAGE_PAGES_KEY}
        newPath="/home-page/image-pages/new"
        editPath={(p) => `/home-page/image-pages/${p.id}`}
        name={(p) => p.title}
        picture={(p) => <Picture name={p.blocks[0]?.image ?? null} />}
        details={(p) => (
          <>
            <code>{imagePagePath(p.slug)}</code> · {p.blocks.length === 1 ? '1 picture' : `${p.blocks.length} pictures`}
          </>
        )}
        ordered={false}
        save={(p, changes) =>
          api.put('/admin/image_page/:id', { params: { id: p.id }, body: imagePageInput(p, { enabled: changes.enabled ?? p.enabled }) })
        }
        remove={(p) => api.delete('/admin/image_page/:id', { params: { id: p.id } })}
      />
    </>
  );
}
