-- Pictures (issue 14): a product's photo is a drive file of its workspace, named by id.
ALTER TABLE products ADD COLUMN image_file_id text;
