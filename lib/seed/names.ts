// Names and streets for places without a faker locale (faker's Persian and Vietnamese locales
// write in scripts or diacritics that the email local parts of these people would not use).
export interface LocalNames {
  given: readonly string[];
  family: readonly string[];
  streets: readonly string[];
}

export const LOCAL_NAMES: Readonly<Record<string, LocalNames>> = {
  IR: {
    given: ['Reza', 'Ali', 'Maryam', 'Zahra', 'Mohammad', 'Fatemeh', 'Hossein', 'Sara', 'Amir', 'Narges'],
    family: ['Ahmadi', 'Hosseini', 'Karimi', 'Rezaei', 'Moradi', 'Jafari', 'Mohammadi', 'Rahimi'],
    streets: ['Valiasr Street', 'Enghelab Street', 'Azadi Avenue', 'Shariati Street', 'Ferdowsi Square'],
  },
  VN: {
    given: ['Anh', 'Minh', 'Linh', 'Huong', 'Tuan', 'Thao', 'Duc', 'Lan', 'Hieu', 'Mai'],
    family: ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Vu', 'Dang', 'Bui'],
    streets: ['Le Loi', 'Tran Hung Dao', 'Nguyen Hue', 'Hai Ba Trung', 'Ly Thuong Kiet'],
  },
  KE: {
    given: ['Wanjiru', 'Otieno', 'Achieng', 'Kamau', 'Njeri', 'Mwangi', 'Akinyi', 'Kiprop', 'Wambui', 'Ouma'],
    family: ['Mwangi', 'Otieno', 'Kariuki', 'Odhiambo', 'Kipchoge', 'Njoroge', 'Wafula', 'Chebet'],
    streets: ['Moi Avenue', 'Kenyatta Avenue', 'Ngong Road', 'Waiyaki Way', 'Haile Selassie Avenue'],
  },
};
